import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** POST /api/infile/upload of one file into a folder, with its progress. A refusal is an ApiError. */
export async function uploadLibraryFile(
  folder: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  await uploadWithProgress(
    `/api/infile/upload?${new URLSearchParams({ fullPath: folder })}`,
    [file],
    onProgress,
    signal,
  );
}
