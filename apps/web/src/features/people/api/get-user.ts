import { isNewUserId, type UserDetail } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** GET /api/inuser/getuser/{id} (a blank user for an all-zero or `new` id; c_id presets its client). */
export async function getUser(id: string, clientId?: string): Promise<UserDetail> {
  const path = isNewUserId(id) ? '/api/inuser/getnewuser' : `/api/inuser/getuser/${encodeURIComponent(id)}`;
  return (await apiRequest<{ data: UserDetail }>(path, { query: { c_id: clientId } })).data;
}

export const userQueryOptions = (id: string, clientId?: string) =>
  queryOptions({ queryKey: peopleKeys.user(id, clientId), queryFn: () => getUser(id, clientId), staleTime: 0 });

export function useUserDetail(id: string, clientId?: string) {
  return useQuery(userQueryOptions(id, clientId));
}
