import { menuCalls } from '@portal/contract/menus-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The side menu of the signed-in user (titles are MENU_* dictionary keys). */
export const navMenuQueryOptions = () =>
  queryOptions({ queryKey: callKey(menuCalls.nav), queryFn: () => call(menuCalls.nav, {}), staleTime: 10 * 60_000 });

export function useNavMenu() {
  return useQuery(navMenuQueryOptions());
}
