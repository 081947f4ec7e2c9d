import { mapCalls } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { mapKeys } from './map-keys';

/** The default centre and zoom, the configured map types and colour styles. */
export function getMapConfig() {
  return call(mapCalls.config, {});
}

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: mapKeys.config(), queryFn: getMapConfig, staleTime: 10 * 60_000 });

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
