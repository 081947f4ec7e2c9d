import type { RefundFile } from '@portal/contract/refunds';
import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** POST /api/inrefund/AddFilesToRefund?lineid=: one file with its progress; answers how many were stored. */
export async function uploadEvidence(lineId: number, file: File, onProgress: (p: UploadProgress) => void) {
  const text = await uploadWithProgress(`/api/inrefund/AddFilesToRefund?lineid=${lineId}`, [file], onProgress);
  return (JSON.parse(text) as RefundFile[]).length;
}
