import type { ReturnableLine } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/getreturnablelines: what can still be returned of each line of a packing slip. */
export const slipReturnableQueryOptions = (slipId: string) =>
  queryOptions({
    queryKey: refundKeys.slip(slipId),
    queryFn: () =>
      apiRequest<ReturnableLine[]>('/api/inrefund/getreturnablelines', {
        query: { packingslipid: slipId },
        silent: [404],
      }),
    staleTime: 10_000,
  });

export function useSlipReturnable(slipId: string, enabled: boolean) {
  return useQuery({ ...slipReturnableQueryOptions(slipId), enabled });
}

/** GET /api/inrefund/comprobardevolucion for an invoice line (the packing slip line it was delivered on). */
export const invoiceLineReturnableQueryOptions = (invoiceId: string, line: number) =>
  queryOptions({
    queryKey: refundKeys.invoiceLine(invoiceId, line),
    queryFn: () =>
      apiRequest<ReturnableLine>('/api/inrefund/comprobardevolucion', {
        query: { invoiceid: invoiceId, linenum: line },
        silent: [400, 404],
      }),
    staleTime: 10_000,
    retry: false,
  });

export function useInvoiceLineReturnable(invoiceId: string, line: number, enabled: boolean) {
  return useQuery({ ...invoiceLineReturnableQueryOptions(invoiceId, line), enabled });
}
