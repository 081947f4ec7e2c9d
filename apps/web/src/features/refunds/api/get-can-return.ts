import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** 1 when the caller may return (the Devolver buttons show). */
export const canReturnQueryOptions = () =>
  queryOptions({
    queryKey: refundKeys.canReturn(),
    queryFn: () => call(refundCalls.canReturn, {}),
    staleTime: 5 * 60_000,
  });

export function useCanReturn(): boolean {
  return useQuery(canReturnQueryOptions()).data === 1;
}
