import { webOrderCalls as c } from '@portal/contract/sales-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/**
 * Query keys of the web orders, each the key of the call it caches (`callKey`): the caller's grid, the admins' control
 * grid, one header, its lines.
 */
export const salesWebKeys = {
  list: (params: GridParams) => callKey(c.grid, { query: params }),
  controlList: (params: GridParams) => callKey(c.controlGrid, { query: params }),
  detail: (id: number) => callKey(c.headers, { query: { id } }),
  lines: (id: number) => callKey(c.lines, { params: { id } }),
};

/** A reload changes the import state the lists show: both grids read again. */
export const invalidateWebOrderLists = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, c.grid, c.controlGrid);
