import type { ResponseOf } from '@portal/contract/endpoint';
import { invoiceCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invoiceKeys } from './invoice-keys';

export type InvoiceLine = ResponseOf<typeof invoiceCalls.linesById>[number];

/** The lines of one invoice, with VAT (404: not the caller's). */
export function getInvoiceLines(id: string) {
  return call(invoiceCalls.linesById, { query: { id } }, { silent: [404] });
}

export const invoiceLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.lines(id), queryFn: () => getInvoiceLines(id), staleTime: 30_000 });

export function useInvoiceLines(id: string) {
  return useQuery(invoiceLinesQueryOptions(id));
}
