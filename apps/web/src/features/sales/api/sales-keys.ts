import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the orders (ERP sales orders): grid pages, one header, its lines. */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (params: GridParams) => [...salesKeys.lists(), params] as const,
  details: () => [...salesKeys.all, 'detail'] as const,
  detail: (id: string) => [...salesKeys.details(), id] as const,
  lines: (id: string) => [...salesKeys.detail(id), 'lines'] as const,
};
