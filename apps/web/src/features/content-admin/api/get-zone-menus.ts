import type { ZoneMenusResponse } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** GET /api/inmenu/getzonemenus: the active header, footer and dashboard menus of a language (one call for the layout). */
export function getZoneMenus(lang: string): Promise<ZoneMenusResponse> {
  return apiRequest<ZoneMenusResponse>('/api/inmenu/getzonemenus', { query: { idioma_cod: lang }, silent: true });
}

export const zoneMenusQueryOptions = (lang: string) =>
  queryOptions({ queryKey: menuKeys.zoneMenus(lang), queryFn: () => getZoneMenus(lang), staleTime: 5 * 60_000 });

export const useZoneMenus = (lang: string) => useQuery(zoneMenusQueryOptions(lang));
