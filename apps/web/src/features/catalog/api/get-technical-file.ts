import { catalogCalls } from '@portal/contract/catalog-calls';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { callUrl } from '@/lib/call';
import { saveBlob } from '@/lib/download';

/** The file itself (bearer token needed, so fetched as a blob). */
export function getTechnicalFile(fullPath: string): Promise<Blob> {
  return apiRequest<Blob>(callUrl(catalogCalls.technicalFile, { query: { fullPath } }), { as: 'blob' });
}

export function useDownloadTechnicalFile() {
  return useMutation({
    mutationFn: async (file: { fullPath: string; name: string }) => {
      saveBlob(await getTechnicalFile(file.fullPath), file.name);
    },
  });
}
