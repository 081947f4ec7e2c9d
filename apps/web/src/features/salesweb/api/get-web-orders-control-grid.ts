import type { GridResponse } from '@portal/contract/grids';
import type { WebOrderHeader } from '@portal/contract/sales';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesWebKeys } from './salesweb-keys';

/** GET /api/insalesweb/getallheadersforcontroljqgrid (admins): every client's web orders and their import state. */
export function getWebOrdersControlGrid(params: GridParams): Promise<GridResponse<WebOrderHeader>> {
  return apiRequest<GridResponse<WebOrderHeader>>('/api/insalesweb/getallheadersforcontroljqgrid', { query: params });
}

export const webOrdersControlGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: salesWebKeys.controlList(params),
    queryFn: () => getWebOrdersControlGrid(params),
    staleTime: 10_000,
  });
