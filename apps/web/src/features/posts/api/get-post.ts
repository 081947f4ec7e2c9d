import type { LanguageKey } from '@portal/contract/constants';
import type { PostDetail } from '@portal/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './post-keys';

/**
 * GET /api/inpost/getpost/{id}: admins (lang null) get every language; a reader the active post in `lang`
 * (a 404, shown by the page itself, when it is not there).
 */
export function getPost(id: number, lang: LanguageKey | null): Promise<PostDetail> {
  return apiRequest<PostDetail>(`/api/inpost/getpost/${id}`, {
    query: lang ? { lang } : undefined,
    silent: [404],
  });
}

export const postQueryOptions = (id: number, lang: LanguageKey | null) =>
  queryOptions({ queryKey: postKeys.detail(id, lang), queryFn: () => getPost(id, lang), retry: false });

export function usePost(id: number, lang: LanguageKey | null, enabled = true) {
  return useQuery({ ...postQueryOptions(id, lang), enabled: enabled && id > 0 });
}
