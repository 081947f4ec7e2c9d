import { FILE_PAGE_SIZE, type FileFolderPage } from '@portal/contract/files';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fileKeys } from './file-keys';

/** GET /api/infile/getfiles/: one page of a folder ('' the root). The tree shows its own error, so no popup. */
export function getFiles(path: string, pindex = 0): Promise<FileFolderPage> {
  return apiRequest<FileFolderPage>('/api/infile/getfiles/', {
    query: { id: path, pindex, psize: FILE_PAGE_SIZE },
    silent: true,
  });
}

export const folderQueryOptions = (path: string, pindex = 0) =>
  queryOptions({ queryKey: fileKeys.page(path, pindex), queryFn: () => getFiles(path, pindex), staleTime: 0 });
