import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** The client's addresses to return from. */
export function useReturnAddresses(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: refundKeys.addresses(),
      queryFn: () => call(refundCalls.addresses, {}),
      staleTime: 5 * 60_000,
    }),
    enabled,
  });
}
