import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the web orders: the caller's grid, the admins' control grid, one header, its lines. */
export const salesWebKeys = {
  all: ['salesweb'] as const,
  lists: () => [...salesWebKeys.all, 'list'] as const,
  list: (params: GridParams) => [...salesWebKeys.lists(), 'own', params] as const,
  controlList: (params: GridParams) => [...salesWebKeys.lists(), 'control', params] as const,
  details: () => [...salesWebKeys.all, 'detail'] as const,
  detail: (id: number) => [...salesWebKeys.details(), id] as const,
  lines: (id: number) => [...salesWebKeys.detail(id), 'lines'] as const,
};
