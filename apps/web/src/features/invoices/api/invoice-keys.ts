import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the invoices: grid pages, one header, its lines. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: GridParams) => [...invoiceKeys.lists(), params] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (id: string) => [...invoiceKeys.details(), id] as const,
  lines: (id: string) => [...invoiceKeys.detail(id), 'lines'] as const,
};
