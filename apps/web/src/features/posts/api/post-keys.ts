import type { LanguageKey } from '@portal/contract/constants';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the posts: a save or delete invalidates `all` (grids, details, lists, the help page). */
export const postKeys = {
  all: ['posts'] as const,
  grids: () => [...postKeys.all, 'grid'] as const,
  grid: (kind: number, params: GridParams) => [...postKeys.grids(), kind, params] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: number, lang: LanguageKey | null) => [...postKeys.details(), id, lang] as const,
  newPost: (kind: number, lang: LanguageKey) => [...postKeys.all, 'new', kind, lang] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (kind: number, lang: LanguageKey, page: number, size: number) =>
    [...postKeys.lists(), kind, lang, page, size] as const,
  related: (id: number, lang: LanguageKey) => [...postKeys.all, 'related', id, lang] as const,
  help: (lang: LanguageKey) => [...postKeys.all, 'help', lang] as const,
  categories: (id: number, lang: LanguageKey) => ['categories', 'post-tree', id, lang] as const,
};
