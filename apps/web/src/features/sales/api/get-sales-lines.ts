import { salesCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { salesKeys } from './sales-keys';

/** The lines of one order (404: not the caller's). */
export function getSalesLines(id: string) {
  return call(salesCalls.lines, { params: { id } }, { silent: [404] });
}

export const salesLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: salesKeys.lines(id), queryFn: () => getSalesLines(id), staleTime: 30_000 });

export function useSalesLines(id: string) {
  return useQuery(salesLinesQueryOptions(id));
}
