import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** What can still be returned of each line of a packing slip. */
export const slipReturnableQueryOptions = (slipId: string) =>
  queryOptions({
    queryKey: refundKeys.slip(slipId),
    queryFn: () => call(refundCalls.returnableLines, { query: { packingslipid: slipId } }, { silent: [404] }),
    staleTime: 10_000,
  });

export function useSlipReturnable(slipId: string, enabled: boolean) {
  return useQuery({ ...slipReturnableQueryOptions(slipId), enabled });
}

/** What can still be returned of an invoice line (the packing slip line it was delivered on). */
export const invoiceLineReturnableQueryOptions = (invoiceId: string, line: number) =>
  queryOptions({
    queryKey: refundKeys.invoiceLine(invoiceId, line),
    queryFn: () =>
      call(refundCalls.checkReturn, { query: { invoiceid: invoiceId, linenum: line } }, { silent: [400, 404] }),
    staleTime: 10_000,
    retry: false,
  });

export function useInvoiceLineReturnable(invoiceId: string, line: number, enabled: boolean) {
  return useQuery({ ...invoiceLineReturnableQueryOptions(invoiceId, line), enabled });
}
