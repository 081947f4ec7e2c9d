import type { MapPointDetail } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

/** GET /api/inmap/getmap/{id}: a point with all its languages, for the edit form. */
export function getMap(id: number): Promise<MapPointDetail> {
  return apiRequest<MapPointDetail>(`/api/inmap/getmap/${id}`);
}

export const mapQueryOptions = (id: number) =>
  queryOptions({ queryKey: mapKeys.detail(id), queryFn: () => getMap(id), staleTime: 0 });

export function useMap(id: number | null) {
  return useQuery({ ...mapQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
