import type { LanguageKey } from '@portal/contract/constants';
import type { PostDetail } from '@portal/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/inpost/getnewpost/{cod}?lang=: an unsaved post (id 0) of a kind with one empty language tab. */
export function getNewPost(kind: number, lang: LanguageKey): Promise<PostDetail> {
  return apiRequest<PostDetail>(`/api/inpost/getnewpost/${kind}`, { query: { lang } });
}

export const newPostQueryOptions = (kind: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.newPost(kind, lang), queryFn: () => getNewPost(kind, lang), staleTime: Infinity });

export function useNewPost(kind: number, lang: LanguageKey, enabled = true) {
  return useQuery({ ...newPostQueryOptions(kind, lang), enabled });
}
