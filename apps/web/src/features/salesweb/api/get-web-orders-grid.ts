import { webOrderCalls } from '@portal/contract/sales-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesWebKeys } from './salesweb-keys';

/** A page of the caller's web orders (jqGrid protocol). */
export function getWebOrdersGrid(params: GridParams) {
  return call(webOrderCalls.grid, { query: params });
}

export const webOrdersGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: salesWebKeys.list(params), queryFn: () => getWebOrdersGrid(params), staleTime: 30_000 });
