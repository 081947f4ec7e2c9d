import { type CreateFolderRequest, fileCalls } from '@portal/contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { fileKeys } from './file-keys';

/** Creates an empty folder; a refused name (400, 409) is shown next to the field, not in a popup. */
export function createFolder(body: CreateFolderRequest) {
  return call(fileCalls.createFolder, { body }, { silent: [400, 409] });
}

export function useCreateFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_r, body) => queryClient.invalidateQueries({ queryKey: fileKeys.folder(body.fullPath ?? '') }),
  });
}
