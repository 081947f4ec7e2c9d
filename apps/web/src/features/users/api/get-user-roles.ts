import { LANGUAGE_KEYS, type LanguageKey } from '@portal/contract/constants';
import { userCalls } from '@portal/contract/users-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** Every role in the language (one of the portal's, else Spanish), checked where the user holds it. */
export const userRolesQueryOptions = (id: string, language: string) => {
  const lang = ((LANGUAGE_KEYS as readonly string[]).includes(language) ? language : 'es') as LanguageKey;
  return queryOptions({
    queryKey: callKey(userCalls.roles, { params: { id }, query: { lang } }),
    queryFn: () => call(userCalls.roles, { params: { id }, query: { lang } }),
    staleTime: 0,
  });
};

export function useUserRoles(id: string, language: string) {
  return useQuery(userRolesQueryOptions(id, language));
}
