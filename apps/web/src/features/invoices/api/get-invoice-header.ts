import type { InvoiceHeader } from '@portal/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /api/ininvoice/getallheaders/?id=: one invoice's header (404, shown by the screen: not the caller's). */
export async function getInvoiceHeader(id: string): Promise<InvoiceHeader | null> {
  const rows = await apiRequest<InvoiceHeader[]>('/api/ininvoice/getallheaders/', { query: { id }, silent: [404] });
  return rows[0] ?? null;
}

export const invoiceHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoiceHeader(id), staleTime: 30_000 });

export function useInvoiceHeader(id: string) {
  return useQuery(invoiceHeaderQueryOptions(id));
}
