import type { LanguageKey } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { menuKeys } from './menus-keys';

/** The active header, footer and dashboard menus of a language (one call for the layout). */
export function getZoneMenus(lang: LanguageKey) {
  return call(menuTreeCalls.zoneMenus, { query: { idioma_cod: lang } }, { silent: true });
}

export const zoneMenusQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: menuKeys.zoneMenus(lang), queryFn: () => getZoneMenus(lang), staleTime: 5 * 60_000 });

export const useZoneMenus = (lang: LanguageKey) => useQuery(zoneMenusQueryOptions(lang));
