import type { FileFolderPage, FileTreeItem } from '@portal/contract/files';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fileKeys } from '../api/file-keys';
import { folderQueryOptions } from '../api/get-files';

export type FolderState = {
  items: FileTreeItem[];
  total: number;
  pending: boolean;
  error: Error | null;
};

/**
 * The folders of the library the tree has opened, each loaded per folder (and per page of 500) through
 * TanStack Query: a write that invalidates a folder refreshes it in the tree. `open` loads a folder's first page,
 * `more` its next one, `forget` drops a deleted folder and everything under it.
 */
export function useLibraryTree() {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<Record<string, number>>({ '': 1 });
  const pairs = useMemo(
    () => Object.entries(pages).flatMap(([folder, n]) => Array.from({ length: n }, (_, i) => [folder, i] as const)),
    [pages],
  );
  const results = useQueries({ queries: pairs.map(([folder, i]) => folderQueryOptions(folder, i)) });

  const folders = new Map<string, FolderState>();
  pairs.forEach(([folder], at) => {
    const r = results[at]!;
    const state = folders.get(folder) ?? { items: [], total: 0, pending: false, error: null };
    const data = r.data as FileFolderPage | undefined;
    if (data) {
      state.items = state.items.concat(data.items);
      state.total = data.total;
    }
    state.pending ||= r.isPending;
    state.error ??= r.error;
    folders.set(folder, state);
  });

  const open = useCallback(
    async (folder: string) => {
      // Loaded before it shows as open, so that the tree does not flash an empty folder; a failure shows in it.
      await queryClient.fetchQuery(folderQueryOptions(folder, 0)).catch(() => undefined);
      setPages((p) => (p[folder] ? p : { ...p, [folder]: 1 }));
    },
    [queryClient],
  );

  const more = useCallback((folder: string) => setPages((p) => ({ ...p, [folder]: (p[folder] ?? 0) + 1 })), []);

  const forget = useCallback(
    (folder: string) => {
      queryClient.removeQueries({ queryKey: fileKeys.folder(folder) });
      setPages((p) =>
        Object.fromEntries(Object.entries(p).filter(([f]) => f !== folder && !f.startsWith(`${folder}/`))),
      );
    },
    [queryClient],
  );

  const retry = useCallback(
    (folder: string) => queryClient.refetchQueries({ queryKey: fileKeys.folder(folder) }),
    [queryClient],
  );

  return { folders, open, more, forget, retry };
}
