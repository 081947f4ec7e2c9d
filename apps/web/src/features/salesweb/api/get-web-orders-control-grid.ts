import { webOrderCalls } from '@portal/contract/sales-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesWebKeys } from './salesweb-keys';

/** The control list (admins): every client's web orders and their import state. */
export function getWebOrdersControlGrid(params: GridParams) {
  return call(webOrderCalls.controlGrid, { query: params });
}

export const webOrdersControlGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: salesWebKeys.controlList(params),
    queryFn: () => getWebOrdersControlGrid(params),
    staleTime: 10_000,
  });
