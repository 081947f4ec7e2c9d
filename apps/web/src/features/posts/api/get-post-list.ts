import type { LanguageKey } from '@portal/contract/constants';
import type { PostListResponse } from '@portal/contract/posts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/inpost/getlist: the active posts of a kind in a language, a page at a time (pageIndex from 0). */
export function getPostList(kind: number, lang: LanguageKey, page: number, size: number): Promise<PostListResponse> {
  return apiRequest<PostListResponse>('/api/inpost/getlist', {
    query: { tipo: kind, lang, pageIndex: page, pageSize: size },
  });
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
