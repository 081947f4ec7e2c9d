import { userCalls } from '@portal/contract/users-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** Every store; the user's in order (position 0: the default). */
export const userStoresQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKey(userCalls.stores, { params: { id } }),
    queryFn: () => call(userCalls.stores, { params: { id } }),
    staleTime: 0,
  });

export function useUserStores(id: string) {
  return useQuery(userStoresQueryOptions(id));
}
