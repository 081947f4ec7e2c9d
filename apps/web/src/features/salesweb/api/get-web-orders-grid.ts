import type { GridResponse } from '@portal/contract/grids';
import type { WebOrderHeader } from '@portal/contract/sales';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesWebKeys } from './salesweb-keys';

/** GET /api/insalesweb/getallheadersjqgrid: a page of the caller's web orders (jqGrid protocol). */
export function getWebOrdersGrid(params: GridParams): Promise<GridResponse<WebOrderHeader>> {
  return apiRequest<GridResponse<WebOrderHeader>>('/api/insalesweb/getallheadersjqgrid', { query: params });
}

export const webOrdersGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: salesWebKeys.list(params), queryFn: () => getWebOrdersGrid(params), staleTime: 30_000 });
