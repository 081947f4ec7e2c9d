import { invoiceCalls } from '@portal/contract/sales-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invoiceKeys } from './invoice-keys';

/** One invoice's header (404, shown by the screen: not the caller's). */
export async function getInvoiceHeader(id: string) {
  const rows = await call(invoiceCalls.headers, { query: { id } }, { silent: [404] });
  return rows[0] ?? null;
}

export const invoiceHeaderQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoiceHeader(id), staleTime: 30_000 });

export function useInvoiceHeader(id: string) {
  return useQuery(invoiceHeaderQueryOptions(id));
}
