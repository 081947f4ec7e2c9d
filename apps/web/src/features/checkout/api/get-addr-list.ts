import { checkoutCalls } from '@portal/contract/checkout-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The caller's delivery addresses and the default one. */
export const addrListQueryOptions = () =>
  queryOptions({
    queryKey: callKey(checkoutCalls.addresses),
    queryFn: () => call(checkoutCalls.addresses, {}),
    staleTime: 5 * 60_000,
  });

export function useAddrList(enabled = true) {
  return useQuery({ ...addrListQueryOptions(), enabled });
}
