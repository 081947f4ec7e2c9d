import type { LanguageKey, MenuLanguageKey } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';

/** Query keys of menus and zones, each the key of the call it caches (`callKey`). */
export const menuKeys = {
  tree: (lang: MenuLanguageKey, nameLang: LanguageKey) =>
    callKey(menuTreeCalls.tree, { query: { idioma_cod: lang, cod_idioma: nameLang } }),
  detail: (id: number) => callKey(menuTreeCalls.menu, { query: { id } }),
  zoneMenus: (lang: LanguageKey) => callKey(menuTreeCalls.zoneMenus, { query: { idioma_cod: lang } }),
};

export const zoneKeys = {
  detail: (id: number) => callKey(menuTreeCalls.zone, { query: { id } }),
};

/** A saved, moved or deleted menu: the menus' tree, the menus and the zones' menus of the layout. */
export const invalidateMenus = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, menuTreeCalls.tree, menuTreeCalls.menu, menuTreeCalls.zoneMenus);

/** A saved or deleted zone: the zones and the menus' tree (which names them). */
export const invalidateZones = (queryClient: QueryClient) =>
  invalidateCalls(queryClient, menuTreeCalls.zones, menuTreeCalls.zone, menuTreeCalls.tree);
