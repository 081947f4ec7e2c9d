import { packingSlipCalls } from '@portal/contract/sales-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { packingSlipKeys } from './packing-slip-keys';

/** A page of the caller's packing slips (optional filterProduct). */
export function getPackingSlipsGrid(params: GridParams) {
  return call(packingSlipCalls.grid, { query: params });
}

export const packingSlipsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: packingSlipKeys.list(params),
    queryFn: () => getPackingSlipsGrid(params),
    staleTime: 30_000,
  });
