import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/** The active posts of a kind in a language, a page at a time (pageIndex from 0). */
export function getPostList(kind: number, lang: LanguageKey, page: number, size: number) {
  return call(postCalls.list, { query: { tipo: kind, lang, pageIndex: page, pageSize: size } });
}

export const postListQueryOptions = (kind: number, lang: LanguageKey, page: number, size: number) =>
  queryOptions({
    queryKey: postKeys.list(kind, lang, page, size),
    queryFn: () => getPostList(kind, lang, page, size),
    placeholderData: keepPreviousData,
  });

export function usePostList(kind: number, lang: LanguageKey, page: number, size: number) {
  return useQuery(postListQueryOptions(kind, lang, page, size));
}
