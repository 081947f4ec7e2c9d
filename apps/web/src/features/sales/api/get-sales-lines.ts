import type { SalesLine } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from './sales-keys';

/** GET /api/insales/getlinesbysalesid/{id}: the lines of one order (404: not the caller's). */
export function getSalesLines(id: string): Promise<SalesLine[]> {
  return apiRequest<SalesLine[]>(`/api/insales/getlinesbysalesid/${encodeURIComponent(id)}`, { silent: [404] });
}

export const salesLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: salesKeys.lines(id), queryFn: () => getSalesLines(id), staleTime: 30_000 });

export function useSalesLines(id: string) {
  return useQuery(salesLinesQueryOptions(id));
}
