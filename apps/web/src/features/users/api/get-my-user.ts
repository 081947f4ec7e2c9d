import { userCalls } from '@portal/contract/users-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The caller's own user (the profile). */
export const myUserQueryOptions = () =>
  queryOptions({
    queryKey: callKey(userCalls.me),
    queryFn: async () => (await call(userCalls.me, {})).data,
    staleTime: 0,
  });

export function useMyUser() {
  return useQuery(myUserQueryOptions());
}
