import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET /api/infile/GetTechnicalFile?fullPath=: the file itself (bearer token needed, so fetched as a blob). */
export function getTechnicalFile(fullPath: string): Promise<Blob> {
  return apiRequest<Blob>('/api/infile/GetTechnicalFile', { query: { fullPath }, as: 'blob' });
}

export function useDownloadTechnicalFile() {
  return useMutation({
    mutationFn: async (file: { fullPath: string; name: string }) => {
      saveBlob(await getTechnicalFile(file.fullPath), file.name);
    },
  });
}
