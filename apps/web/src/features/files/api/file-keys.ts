import { fileCalls as c, FILE_PAGE_SIZE } from '@portal/contract/files';
import { callKey } from '@/lib/call';

/**
 * Query keys of the file library, each the key of the call it caches (`callKey`): a write marks stale the folder it
 * changed (`folder(path)`, the prefix of every page of that folder, not of its subfolders).
 */
export const fileKeys = {
  folder: (path: string) => callKey(c.folder, { query: { id: path } }),
  page: (path: string, pindex: number) => callKey(c.folder, { query: folderPageQuery(path, pindex) }),
};

/** The query of one page of a folder. */
export const folderPageQuery = (path: string, pindex: number) => ({ id: path, pindex, psize: FILE_PAGE_SIZE });
