import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the packing slips (delivery notes): grid pages, one header, its lines. */
export const packingSlipKeys = {
  all: ['packingslips'] as const,
  lists: () => [...packingSlipKeys.all, 'list'] as const,
  list: (params: GridParams) => [...packingSlipKeys.lists(), params] as const,
  details: () => [...packingSlipKeys.all, 'detail'] as const,
  detail: (id: string) => [...packingSlipKeys.details(), id] as const,
  lines: (id: string) => [...packingSlipKeys.detail(id), 'lines'] as const,
};
