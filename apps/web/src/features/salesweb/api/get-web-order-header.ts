import { webOrderCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { salesWebKeys } from './salesweb-keys';

/** One web order's header (404, shown by the screen: not the caller's). */
export async function getWebOrderHeader(id: number) {
  const rows = await call(webOrderCalls.headers, { query: { id } }, { silent: [404] });
  return rows[0] ?? null;
}

export const webOrderHeaderQueryOptions = (id: number) =>
  queryOptions({ queryKey: salesWebKeys.detail(id), queryFn: () => getWebOrderHeader(id), staleTime: 30_000 });

export function useWebOrderHeader(id: number) {
  return useQuery(webOrderHeaderQueryOptions(id));
}
