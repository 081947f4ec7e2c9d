import { cartCalls } from '@portal/contract/cart-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The client the current cart is for (web context 2). */
export const currentCartClientQueryOptions = () =>
  queryOptions({ queryKey: callKey(cartCalls.client), queryFn: () => call(cartCalls.client, {}) });

export function useCurrentCartClient(enabled: boolean) {
  return useQuery({ ...currentCartClientQueryOptions(), enabled });
}
