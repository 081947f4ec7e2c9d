import type { WebOrderHeader } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesWebKeys } from './salesweb-keys';

/** GET /api/insalesweb/getallheaders/?id=: one web order's header (404, shown by the screen: not the caller's). */
export async function getWebOrderHeader(id: number): Promise<WebOrderHeader | null> {
  const rows = await apiRequest<WebOrderHeader[]>('/api/insalesweb/getallheaders/', { query: { id }, silent: [404] });
  return rows[0] ?? null;
}

export const webOrderHeaderQueryOptions = (id: number) =>
  queryOptions({ queryKey: salesWebKeys.detail(id), queryFn: () => getWebOrderHeader(id), staleTime: 30_000 });

export function useWebOrderHeader(id: number) {
  return useQuery(webOrderHeaderQueryOptions(id));
}
