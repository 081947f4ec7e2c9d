import type { LanguageKey } from '@portal/contract/constants';
import type { PostSummary } from '@portal/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/inpost/getrelatedpostsbyevent/{id}?lang=: the posts related to a calendar event. */
export function getRelatedPosts(id: number, lang: LanguageKey): Promise<PostSummary[]> {
  return apiRequest<PostSummary[]>(`/api/inpost/getrelatedpostsbyevent/${id}`, { query: { lang }, silent: [404] });
}

export const relatedPostsQueryOptions = (id: number, lang: LanguageKey) =>
  queryOptions({ queryKey: postKeys.related(id, lang), queryFn: () => getRelatedPosts(id, lang) });

export function useRelatedPosts(id: number, lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...relatedPostsQueryOptions(id, lang), enabled });
}
