import type { MenuDetail } from '@portal/contract/content-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** GET /api/inmenu/getmenu?id=: a menu. */
export function getMenu(id: number): Promise<MenuDetail> {
  return apiRequest<MenuDetail>('/api/inmenu/getmenu', { query: { id } });
}

export const menuQueryOptions = (id: number) =>
  queryOptions({ queryKey: menuKeys.detail(id), queryFn: () => getMenu(id), staleTime: 0 });

export const useMenu = (id: number | null) =>
  useQuery({ ...menuQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
