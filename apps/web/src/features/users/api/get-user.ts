import { isNewUserId } from '@portal/contract/users';
import { userCalls } from '@portal/contract/users-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** A user of the caller's scope, or a blank one for an all-zero or `new` id (c_id presets its client). */
export const userQueryOptions = (id: string, clientId?: string) =>
  isNewUserId(id)
    ? queryOptions({
        queryKey: callKey(userCalls.newUser, { query: { c_id: clientId } }),
        queryFn: async () => (await call(userCalls.newUser, { query: { c_id: clientId } })).data,
        staleTime: 0,
      })
    : queryOptions({
        queryKey: callKey(userCalls.user, { params: { id }, query: { c_id: clientId } }),
        queryFn: async () => (await call(userCalls.user, { params: { id }, query: { c_id: clientId } })).data,
        staleTime: 0,
      });

export function useUserDetail(id: string, clientId?: string) {
  return useQuery(userQueryOptions(id, clientId));
}
