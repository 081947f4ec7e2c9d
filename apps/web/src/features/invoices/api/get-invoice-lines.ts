import type { invoiceLine } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { invoiceKeys } from './invoice-keys';

export type InvoiceLine = z.infer<typeof invoiceLine>;

/** GET /api/ininvoice/getlinesbyinvoiceid?id=: the lines of one invoice, with VAT (404: not the caller's). */
export function getInvoiceLines(id: string): Promise<InvoiceLine[]> {
  return apiRequest<InvoiceLine[]>('/api/ininvoice/getlinesbyinvoiceid', { query: { id }, silent: [404] });
}

export const invoiceLinesQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.lines(id), queryFn: () => getInvoiceLines(id), staleTime: 30_000 });

export function useInvoiceLines(id: string) {
  return useQuery(invoiceLinesQueryOptions(id));
}
