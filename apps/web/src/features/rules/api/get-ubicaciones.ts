import type { StoreOption } from '@portal/contract/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storeOptionKeys } from './rules-keys';

/** GET /api/instockmessages/getubicaciones: the stores, as origin and destination options. */
export function getUbicaciones(): Promise<StoreOption[]> {
  return apiRequest<StoreOption[]>('/api/instockmessages/getubicaciones');
}

export const ubicacionesQueryOptions = () =>
  queryOptions({ queryKey: storeOptionKeys.all, queryFn: getUbicaciones, staleTime: 5 * 60_000 });

export function useUbicaciones() {
  return useQuery(ubicacionesQueryOptions());
}
