import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/** The posts related to a calendar event. */
export function getRelatedPosts(id: number, lang: LanguageKey) {
  return call(postCalls.related, { params: { id }, query: { lang } }, { silent: [404] });
}

export const relatedPostsQueryOptions = (id: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.related(id, lang), queryFn: () => getRelatedPosts(id, lang) });

export function useRelatedPosts(id: number, lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...relatedPostsQueryOptions(id, lang), enabled });
}
