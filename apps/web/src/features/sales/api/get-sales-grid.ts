import { salesCalls } from '@portal/contract/sales-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesKeys } from './sales-keys';

/** A page of the caller's orders (jqGrid protocol). */
export function getSalesGrid(params: GridParams) {
  return call(salesCalls.grid, { query: params });
}

export const salesGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: salesKeys.list(params), queryFn: () => getSalesGrid(params), staleTime: 30_000 });
