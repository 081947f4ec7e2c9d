import type { LanguageKey } from '@portal/contract/constants';
import { mapCalls } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { mapKeys, markersQuery } from './map-keys';

/** The markers in a language; `all` (admins) adds the inactive points. */
export function getMaps(lang: LanguageKey, all: boolean) {
  return call(mapCalls.markers, { query: markersQuery(lang, all) });
}

export const mapsQueryOptions = (lang: LanguageKey, all: boolean) =>
  queryOptions({ queryKey: mapKeys.list(lang, all), queryFn: () => getMaps(lang, all) });

export function useMaps(lang: LanguageKey, all: boolean) {
  return useQuery(mapsQueryOptions(lang, all));
}
