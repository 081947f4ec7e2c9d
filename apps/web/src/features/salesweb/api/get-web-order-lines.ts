import type { ResponseOf } from '@portal/contract/endpoint';
import { webOrderCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { salesWebKeys } from './salesweb-keys';

export type WebOrderLine = ResponseOf<typeof webOrderCalls.lines>[number];

/** The lines of one web order (404: not the caller's). */
export function getWebOrderLines(id: number) {
  return call(webOrderCalls.lines, { params: { id } }, { silent: [404] });
}

export const webOrderLinesQueryOptions = (id: number) =>
  queryOptions({ queryKey: salesWebKeys.lines(id), queryFn: () => getWebOrderLines(id), staleTime: 30_000 });

export function useWebOrderLines(id: number) {
  return useQuery(webOrderLinesQueryOptions(id));
}
