import { refundCalls } from '@portal/contract/refunds-calls';
import { callUrl } from '@/lib/call';
import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** One evidence file for a line, with its progress; answers how many were stored. */
export async function uploadEvidence(lineId: number, file: File, onProgress: (p: UploadProgress) => void) {
  const url = callUrl(refundCalls.addFiles, { query: { lineid: lineId } });
  const text = await uploadWithProgress(url, [file], onProgress);
  return refundCalls.addFiles.response.parse(JSON.parse(text)).length;
}
