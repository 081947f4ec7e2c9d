import type { AvailabilityResponse } from '@portal/contract/catalog';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

export type AvailabilityParams = { familia: string; referencia: string; lang: LanguageKey };

/** GET /api/product/checkAvailability/{id}: status and stock of an article in every store. */
export function getAvailability(id: number, params: AvailabilityParams): Promise<AvailabilityResponse> {
  return apiRequest<AvailabilityResponse>(`/api/product/checkAvailability/${id}`, { query: params });
}

export const availabilityQueryOptions = (id: number, params: AvailabilityParams) =>
  queryOptions({
    queryKey: catalogKeys.availability(id, params.lang),
    queryFn: () => getAvailability(id, params),
    staleTime: 15_000,
  });

export function useAvailability(id: number, params: AvailabilityParams, enabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(id, params), enabled });
}
