import type { GridResponse } from '@portal/contract/grids';
import type { SalesHeader } from '@portal/contract/sales';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { salesKeys } from './sales-keys';

/** GET /api/insales/getallheadersjqgrid: a page of the caller's orders (jqGrid protocol). */
export function getSalesGrid(params: GridParams): Promise<GridResponse<SalesHeader>> {
  return apiRequest<GridResponse<SalesHeader>>('/api/insales/getallheadersjqgrid', { query: params });
}

export const salesGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: salesKeys.list(params), queryFn: () => getSalesGrid(params), staleTime: 30_000 });
