import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/infile/GetTechnicalFile?fullPath=: the file itself (bearer token needed, so fetched as a blob). */
export function getTechnicalFile(fullPath: string): Promise<Blob> {
  return apiRequest<Blob>('/api/infile/GetTechnicalFile', { query: { fullPath }, as: 'blob' });
}

/** Saves a blob under a file name through a temporary object URL. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadTechnicalFile() {
  return useMutation({
    mutationFn: async (file: { fullPath: string; name: string }) => {
      saveBlob(await getTechnicalFile(file.fullPath), file.name);
    },
  });
}
