import type { LanguageKey } from '@portal/contract/constants';
import type { MapMarkerPoint } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

/** GET /api/inmap/getmaps/: the markers in a language; `all` (admins) adds the inactive points. */
export function getMaps(lang: LanguageKey, all: boolean): Promise<MapMarkerPoint[]> {
  return apiRequest<MapMarkerPoint[]>('/api/inmap/getmaps/', {
    query: { cod_idioma: lang, todos: all ? 'true' : undefined },
  });
}

export const mapsQueryOptions = (lang: LanguageKey, all: boolean) =>
  queryOptions({ queryKey: mapKeys.list(lang, all), queryFn: () => getMaps(lang, all) });

export function useMaps(lang: LanguageKey, all: boolean) {
  return useQuery(mapsQueryOptions(lang, all));
}
