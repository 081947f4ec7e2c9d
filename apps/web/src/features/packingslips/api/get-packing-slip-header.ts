import { packingSlipCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { packingSlipKeys } from './packing-slip-keys';

/** One packing slip's header (404, shown by the screen: not the caller's). */
export async function getPackingSlipHeader(id: string) {
  const rows = await call(packingSlipCalls.headers, { query: { id } }, { silent: [404] });
  return rows[0] ?? null;
}

export const packingSlipHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: packingSlipKeys.detail(id), queryFn: () => getPackingSlipHeader(id), staleTime: 30_000 });

export function usePackingSlipHeader(id: string) {
  return useQuery(packingSlipHeaderQueryOptions(id));
}
