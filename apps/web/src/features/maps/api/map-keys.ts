import type { LanguageKey } from '@portal/contract/constants';
import { mapCalls as c } from '@portal/contract/maps';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';

/** Query keys of the map, each the key of the call it caches (`callKey`). */
export const mapKeys = {
  config: () => callKey(c.config),
  list: (lang: LanguageKey, all: boolean) => callKey(c.markers, { query: markersQuery(lang, all) }),
  detail: (id: number) => callKey(c.point, { params: { id } }),
  newPoint: (lang: LanguageKey) => callKey(c.newPoint, { query: { cod_idioma: lang } }),
};

/** The markers' query: `todos` (admins) adds the inactive points. */
export const markersQuery = (lang: LanguageKey, all: boolean): { cod_idioma: LanguageKey; todos?: 'true' } =>
  all ? { cod_idioma: lang, todos: 'true' } : { cod_idioma: lang };

/** A save or a delete makes the markers and the edited points stale. */
export const invalidateMaps = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, c.config, c.markers, c.point, c.newPoint);
