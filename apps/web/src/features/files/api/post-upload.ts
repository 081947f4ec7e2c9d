import { fileCalls } from '@portal/contract/files';
import { callUrl } from '@/lib/call';
import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** Uploads one file into a folder, with its progress (its URL from the declaration). A refusal is an ApiError. */
export async function uploadLibraryFile(
  folder: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  await uploadWithProgress(callUrl(fileCalls.upload, { query: { fullPath: folder } }), [file], onProgress, signal);
}
