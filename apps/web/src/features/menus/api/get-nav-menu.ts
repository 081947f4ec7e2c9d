import type { NavMenuItem } from '@portal/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './menu-keys';

/** GET /api/innavmenu/getnavmenu: the side menu of the signed-in user (titles are MENU_* dictionary keys). */
export function getNavMenu(): Promise<NavMenuItem[]> {
  return apiRequest<NavMenuItem[]>('/api/innavmenu/getnavmenu');
}

export const navMenuQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.nav(), queryFn: getNavMenu, staleTime: 10 * 60_000 });

export function useNavMenu() {
  return useQuery(navMenuQueryOptions());
}
