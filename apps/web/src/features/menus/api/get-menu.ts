import { menuTreeCalls } from '@portal/contract/menus-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { menuKeys } from './menus-keys';

/** A menu. */
export function getMenu(id: number) {
  return call(menuTreeCalls.menu, { query: { id } });
}

export const menuQueryOptions = (id: number) =>
  queryOptions({ queryKey: menuKeys.detail(id), queryFn: () => getMenu(id), staleTime: 0 });

export const useMenu = (id: number | null) =>
  useQuery({ ...menuQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
