import { fileCalls } from '@portal/contract/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { fileKeys } from './file-keys';

/** Deletes a file of the library. */
export function deleteFile(fullPath: string) {
  return call(fileCalls.deleteFile, { query: { fullPath } });
}

/**
 * Deletes a folder: without `force` a folder that is not empty is refused (409 WARN_FolderNotEmpty, no popup: the
 * screen asks the second confirmation and sends `force`).
 */
export function deleteFolder(fullPath: string, force: boolean) {
  return call(
    fileCalls.deleteFolder,
    { query: { fullPath, force: force ? 'true' : undefined } },
    { silent: force ? false : [409] },
  );
}

const parentOf = (p: string) => p.split('/').slice(0, -1).join('/');

export function useDeleteEntryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fullPath, isFolder, force }: { fullPath: string; isFolder: boolean; force?: boolean }) =>
      isFolder ? deleteFolder(fullPath, force ?? false) : deleteFile(fullPath),
    onSuccess: (_r, { fullPath }) => {
      queryClient.removeQueries({ queryKey: fileKeys.folder(fullPath) });
      return queryClient.invalidateQueries({ queryKey: fileKeys.folder(parentOf(fullPath)) });
    },
  });
}
