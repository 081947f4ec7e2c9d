import type { LanguageKey } from '@portal/contract/constants';
import type { MapPointDetail } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

/** GET /api/inmap/getnewmap?cod_idioma=: an unsaved point (id 0) with one empty tab in that language. */
export function getNewMap(lang: LanguageKey): Promise<MapPointDetail> {
  return apiRequest<MapPointDetail>('/api/inmap/getnewmap', { query: { cod_idioma: lang } });
}

export const newMapQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: mapKeys.newPoint(lang),
    queryFn: () => getNewMap(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useNewMap(lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...newMapQueryOptions(lang), enabled });
}
