import type { CreateFolderRequest } from '@portal/contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fileKeys } from './file-keys';

/** POST /api/infile/createemptydirectory; a refused name (400, 409) is shown next to the field, not in a popup. */
export function createFolder(body: CreateFolderRequest): Promise<{ fullPath: string; message: string }> {
  return apiRequest('/api/infile/createemptydirectory', { method: 'POST', json: body, silent: [400, 409] });
}

export function useCreateFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_r, body) => queryClient.invalidateQueries({ queryKey: fileKeys.folder(body.fullPath ?? '') }),
  });
}
