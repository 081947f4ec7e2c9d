import { salesCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { salesKeys } from './sales-keys';

/**
 * The header of one order. Another client's or an unknown id answers 404, which the screen shows itself (no popup).
 */
export async function getSalesHeader(id: string) {
  const rows = await call(salesCalls.headers, { query: { id } }, { silent: [404] });
  return rows[0] ?? null;
}

export const salesHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: salesKeys.detail(id), queryFn: () => getSalesHeader(id), staleTime: 30_000 });

export function useSalesHeader(id: string) {
  return useQuery(salesHeaderQueryOptions(id));
}
