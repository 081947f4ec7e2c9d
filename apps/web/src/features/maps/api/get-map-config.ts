import type { MapConfigResponse } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

/** GET /api/inmap/config: the default centre and zoom, the configured map types and colour styles. */
export function getMapConfig(): Promise<MapConfigResponse> {
  return apiRequest<MapConfigResponse>('/api/inmap/config');
}

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: mapKeys.config(), queryFn: getMapConfig, staleTime: 10 * 60_000 });

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
