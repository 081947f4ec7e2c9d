import type { GridResponse } from '@portal/contract/grids';
import type { RefundHeader } from '@portal/contract/refunds';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/getallheadersjqgrid: a page of the caller's refunds (staff: every client's). */
export function getRefundsGrid(params: GridParams): Promise<GridResponse<RefundHeader>> {
  return apiRequest<GridResponse<RefundHeader>>('/api/inrefund/getallheadersjqgrid', { query: params });
}

export const refundsGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: refundKeys.list(params), queryFn: () => getRefundsGrid(params), staleTime: 10_000 });
