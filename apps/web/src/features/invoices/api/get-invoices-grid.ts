import { invoiceCalls } from '@portal/contract/sales-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { invoiceKeys } from './invoice-keys';

/** A page of the caller's invoices (optional filterProduct). */
export function getInvoicesGrid(params: GridParams) {
  return call(invoiceCalls.grid, { query: params });
}

export const invoicesGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoicesGrid(params), staleTime: 30_000 });
