import type { PackingSlipHeader } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { packingSlipKeys } from './packing-slip-keys';

/** GET /api/inpackingslip/getallheaders/?id=: one packing slip's header (404, shown by the screen: not the caller's). */
export async function getPackingSlipHeader(id: string): Promise<PackingSlipHeader | null> {
  const rows = await apiRequest<PackingSlipHeader[]>('/api/inpackingslip/getallheaders/', {
    query: { id },
    silent: [404],
  });
  return rows[0] ?? null;
}

export const packingSlipHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: packingSlipKeys.detail(id), queryFn: () => getPackingSlipHeader(id), staleTime: 30_000 });

export function usePackingSlipHeader(id: string) {
  return useQuery(packingSlipHeaderQueryOptions(id));
}
