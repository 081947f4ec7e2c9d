import { categoryCalls } from '@portal/contract/categories-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { postCalls as c } from '@portal/contract/posts-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the posts, each the key of the call it caches (`callKey`). */
export const postKeys = {
  grid: (kind: number, params: GridParams) => callKey(c.grid, { query: { ...params, tipo: kind } }),
  /** The related posts' search: news and products found by name (two grid pages, one answer). */
  relatedSearch: (search: string) => [...callKey(c.grid), 'related', search] as const,
  detail: (id: number, lang: LanguageKey | null) => callKey(c.post, { params: { id }, query: lang ? { lang } : {} }),
  newPost: (kind: number, lang: LanguageKey) => callKey(c.newPost, { params: { cod: kind }, query: { lang } }),
  list: (kind: number, lang: LanguageKey, page: number, size: number) =>
    callKey(c.list, { query: { tipo: kind, lang, pageIndex: page, pageSize: size } }),
  related: (id: number, lang: LanguageKey) => callKey(c.related, { params: { id }, query: { lang } }),
  help: (lang: LanguageKey) => callKey(c.help, { query: { lang } }),
  categories: (id: number, lang: LanguageKey) =>
    callKey(categoryCalls.postTree, { params: { id }, query: { cod_idioma: lang } }),
};

/** A save or a delete makes every read of the posts stale: grids, posts, lists, related posts, the help page. */
export const invalidatePosts = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, c.grid, c.post, c.newPost, c.list, c.related, c.help);
