import type { LanguageKey, MenuLanguageKey } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { menuKeys } from './menus-keys';

/** One language's menus per zone (zones named in `nameLang`) and the version. */
export function getMenusTree(lang: MenuLanguageKey, nameLang: LanguageKey) {
  return call(menuTreeCalls.tree, { query: { idioma_cod: lang, cod_idioma: nameLang } });
}

export const menusTreeQueryOptions = (lang: MenuLanguageKey, nameLang: LanguageKey) =>
  queryOptions({ queryKey: menuKeys.tree(lang, nameLang), queryFn: () => getMenusTree(lang, nameLang), staleTime: 0 });

export const useMenusTree = (lang: MenuLanguageKey, nameLang: LanguageKey) =>
  useQuery(menusTreeQueryOptions(lang, nameLang));
