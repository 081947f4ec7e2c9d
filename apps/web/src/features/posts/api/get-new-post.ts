import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/** An unsaved post (id 0) of a kind with one empty language tab. */
export function getNewPost(kind: number, lang: LanguageKey) {
  return call(postCalls.newPost, { params: { cod: kind }, query: { lang } });
}

export const newPostQueryOptions = (kind: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.newPost(kind, lang), queryFn: () => getNewPost(kind, lang), staleTime: Infinity });

export function useNewPost(kind: number, lang: LanguageKey, enabled = true) {
  return useQuery({ ...newPostQueryOptions(kind, lang), enabled });
}
