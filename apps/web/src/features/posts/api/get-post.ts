import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { postKeys } from './post-keys';

/**
 * A post: admins (lang null) get every language; a reader the active post in `lang` (a 404, shown by the page
 * itself, when it is not there).
 */
export function getPost(id: number, lang: LanguageKey | null) {
  return call(postCalls.post, { params: { id }, query: lang ? { lang } : {} }, { silent: [404] });
}

export const postQueryOptions = (id: number, lang: LanguageKey | null) =>
  queryOptions({ queryKey: postKeys.detail(id, lang), queryFn: () => getPost(id, lang), retry: false });

export function usePost(id: number, lang: LanguageKey | null, enabled = true) {
  return useQuery({ ...postQueryOptions(id, lang), enabled: enabled && id > 0 });
}
