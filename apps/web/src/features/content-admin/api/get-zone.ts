import type { ZoneDetail } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { zoneKeys } from './content-keys';

/** GET /api/inmenu/getzone?id=: a zone with its names per language (a 404 is shown by the screen). */
export function getZone(id: number): Promise<ZoneDetail> {
  return apiRequest<ZoneDetail>('/api/inmenu/getzone', { query: { id }, silent: [404] });
}

export const zoneQueryOptions = (id: number) =>
  queryOptions({ queryKey: zoneKeys.detail(id), queryFn: () => getZone(id), staleTime: 0, retry: false });

export const useZone = (id: number) => useQuery({ ...zoneQueryOptions(id), enabled: id > 0 });
