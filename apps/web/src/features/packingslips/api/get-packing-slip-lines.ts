import type { packingSlipLine } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { packingSlipKeys } from './packing-slip-keys';

export type PackingSlipLine = z.infer<typeof packingSlipLine>;

/** GET /api/inpackingslip/getlinesbypackingslipid/{id}: the delivered lines (404: not the caller's). */
export function getPackingSlipLines(id: string): Promise<PackingSlipLine[]> {
  return apiRequest<PackingSlipLine[]>(`/api/inpackingslip/getlinesbypackingslipid/${encodeURIComponent(id)}`, {
    silent: [404],
  });
}

export const packingSlipLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: packingSlipKeys.lines(id), queryFn: () => getPackingSlipLines(id), staleTime: 30_000 });

export function usePackingSlipLines(id: string) {
  return useQuery(packingSlipLinesQueryOptions(id));
}
