import type { RoleEntry } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** GET /api/inuser/getuserroles/{id}?lang=: every role in the language, checked where the user holds it. */
export function getUserRoles(id: string, lang: string): Promise<RoleEntry[]> {
  return apiRequest<RoleEntry[]>(`/api/inuser/getuserroles/${encodeURIComponent(id)}`, { query: { lang } });
}

export const userRolesQueryOptions = (id: string, lang: string) =>
  queryOptions({ queryKey: peopleKeys.roles(id, lang), queryFn: () => getUserRoles(id, lang), staleTime: 0 });

export function useUserRoles(id: string, lang: string) {
  return useQuery(userRolesQueryOptions(id, lang));
}
