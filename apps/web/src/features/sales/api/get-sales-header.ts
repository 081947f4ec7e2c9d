import type { SalesHeader } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * GET /api/insales/getallheaders/?id=: the header of one order. Another client's or an unknown id answers
 * 404, which the screen shows itself (no popup).
 */
export async function getSalesHeader(id: string): Promise<SalesHeader | null> {
  const rows = await apiRequest<SalesHeader[]>('/api/insales/getallheaders/', { query: { id }, silent: [404] });
  return rows[0] ?? null;
}

export const salesHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: salesKeys.detail(id), queryFn: () => getSalesHeader(id), staleTime: 30_000 });

export function useSalesHeader(id: string) {
  return useQuery(salesHeaderQueryOptions(id));
}
