import { fileCalls } from '@portal/contract/files';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { fileKeys, folderPageQuery } from './file-keys';

/** One page of a folder ('' the root). The tree shows its own error, so no popup. */
export function getFiles(path: string, pindex = 0) {
  return call(fileCalls.folder, { query: folderPageQuery(path, pindex) }, { silent: true });
}

export const folderQueryOptions = (path: string, pindex = 0) =>
  queryOptions({ queryKey: fileKeys.page(path, pindex), queryFn: () => getFiles(path, pindex), staleTime: 0 });
