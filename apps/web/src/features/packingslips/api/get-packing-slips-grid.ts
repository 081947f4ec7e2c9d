import type { GridResponse } from '@portal/contract/grids';
import type { PackingSlipHeader } from '@portal/contract/sales';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { packingSlipKeys } from './packing-slip-keys';

/** GET /api/inpackingslip/getallheadersjqgrid: a page of the caller's packing slips (optional filterProduct). */
export function getPackingSlipsGrid(params: GridParams): Promise<GridResponse<PackingSlipHeader>> {
  return apiRequest<GridResponse<PackingSlipHeader>>('/api/inpackingslip/getallheadersjqgrid', { query: params });
}

export const packingSlipsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: packingSlipKeys.list(params),
    queryFn: () => getPackingSlipsGrid(params),
    staleTime: 30_000,
  });
