import { mapCalls } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { mapKeys } from './map-keys';

/** A point with all its languages, for the edit form. */
export function getMap(id: number) {
  return call(mapCalls.point, { params: { id } });
}

export const mapQueryOptions = (id: number) =>
  queryOptions({ queryKey: mapKeys.detail(id), queryFn: () => getMap(id), staleTime: 0 });

export function useMap(id: number | null) {
  return useQuery({ ...mapQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
