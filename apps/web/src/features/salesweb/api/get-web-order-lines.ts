import type { webOrderLine } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salesWebKeys } from './salesweb-keys';

export type WebOrderLine = z.infer<typeof webOrderLine>;

/** GET /api/insalesweb/getlinesbysalesid/{id}: the lines of one web order (404: not the caller's). */
export function getWebOrderLines(id: number): Promise<WebOrderLine[]> {
  return apiRequest<WebOrderLine[]>(`/api/insalesweb/getlinesbysalesid/${id}`, { silent: [404] });
}

export const webOrderLinesQueryOptions = (id: number) =>
  queryOptions({ queryKey: salesWebKeys.lines(id), queryFn: () => getWebOrderLines(id), staleTime: 30_000 });

export function useWebOrderLines(id: number) {
  return useQuery(webOrderLinesQueryOptions(id));
}
