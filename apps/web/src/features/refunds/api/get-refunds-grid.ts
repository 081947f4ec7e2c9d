import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { refundKeys } from './refund-keys';

/** A page of the caller's refunds (staff: every client's). */
export function getRefundsGrid(params: GridParams) {
  return call(refundCalls.grid, { query: params });
}

export const refundsGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: refundKeys.list(params), queryFn: () => getRefundsGrid(params), staleTime: 10_000 });
