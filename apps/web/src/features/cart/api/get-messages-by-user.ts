import { cartCalls } from '@portal/contract/cart-calls';
import type { ResponseOf } from '@portal/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

export type StockMessage = ResponseOf<typeof cartCalls.messages>[number];

/** The messages of the stores that send goods to the caller's home store. */
export const messagesByUserQueryOptions = () =>
  queryOptions({
    queryKey: callKey(cartCalls.messages),
    queryFn: () => call(cartCalls.messages, {}),
    staleTime: 5 * 60_000,
  });

export function useMessagesByUser(enabled: boolean) {
  return useQuery({ ...messagesByUserQueryOptions(), enabled });
}
