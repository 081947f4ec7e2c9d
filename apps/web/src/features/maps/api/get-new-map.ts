import type { LanguageKey } from '@portal/contract/constants';
import { mapCalls } from '@portal/contract/maps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { mapKeys } from './map-keys';

/** An unsaved point (id 0) with one empty tab in that language. */
export function getNewMap(lang: LanguageKey) {
  return call(mapCalls.newPoint, { query: { cod_idioma: lang } });
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
