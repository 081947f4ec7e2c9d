import type { ResponseOf } from '@portal/contract/endpoint';
import { packingSlipCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { packingSlipKeys } from './packing-slip-keys';

export type PackingSlipLine = ResponseOf<typeof packingSlipCalls.lines>[number];

/** The delivered lines (404: not the caller's). */
export function getPackingSlipLines(id: string) {
  return call(packingSlipCalls.lines, { params: { id } }, { silent: [404] });
}

export const packingSlipLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: packingSlipKeys.lines(id), queryFn: () => getPackingSlipLines(id), staleTime: 30_000 });

export function usePackingSlipLines(id: string) {
  return useQuery(packingSlipLinesQueryOptions(id));
}
