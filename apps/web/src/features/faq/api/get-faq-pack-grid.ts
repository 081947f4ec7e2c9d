import type { FaqPackRow } from '@portal/contract/faq';
import type { GridResponse } from '@portal/contract/grids';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { faqKeys } from './faq-keys';

/** GET /api/infaq/GetFaqPackJqGrid: a page of every pack (admins; jqGrid protocol). */
export function getFaqPackGrid(params: GridParams): Promise<GridResponse<FaqPackRow>> {
  return apiRequest<GridResponse<FaqPackRow>>('/api/infaq/GetFaqPackJqGrid', { query: { ...params } });
}

export const faqPackGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: faqKeys.grid(params), queryFn: () => getFaqPackGrid(params) });
