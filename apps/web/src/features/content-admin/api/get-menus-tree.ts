import type { MenuTreeResponse } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** GET /api/inmenu/getmenustreeview: one language's menus per zone (zones named in `nameLang`) and the version. */
export function getMenusTree(lang: string, nameLang: string): Promise<MenuTreeResponse> {
  return apiRequest<MenuTreeResponse>('/api/inmenu/getmenustreeview', {
    query: { idioma_cod: lang, cod_idioma: nameLang },
  });
}

export const menusTreeQueryOptions = (lang: string, nameLang: string) =>
  queryOptions({ queryKey: menuKeys.tree(lang, nameLang), queryFn: () => getMenusTree(lang, nameLang), staleTime: 0 });

export const useMenusTree = (lang: string, nameLang: string) => useQuery(menusTreeQueryOptions(lang, nameLang));
