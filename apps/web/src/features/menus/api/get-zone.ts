import { menuTreeCalls } from '@portal/contract/menus-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { zoneKeys } from './menus-keys';

/** A zone with its names per language (a 404 is shown by the screen). */
export function getZone(id: number) {
  return call(menuTreeCalls.zone, { query: { id } }, { silent: [404] });
}

export const zoneQueryOptions = (id: number) =>
  queryOptions({ queryKey: zoneKeys.detail(id), queryFn: () => getZone(id), staleTime: 0, retry: false });

export const useZone = (id: number) => useQuery({ ...zoneQueryOptions(id), enabled: id > 0 });
