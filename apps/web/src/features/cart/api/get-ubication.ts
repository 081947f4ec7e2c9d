import { cartCalls } from '@portal/contract/cart-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The caller's home store (ubication 1 when there is one). */
export const ubicationQueryOptions = () =>
  queryOptions({
    queryKey: callKey(cartCalls.ubication),
    queryFn: () => call(cartCalls.ubication, {}),
    staleTime: 5 * 60_000,
  });

export function useUbication(enabled: boolean) {
  return useQuery({ ...ubicationQueryOptions(), enabled });
}
