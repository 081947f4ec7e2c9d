import type { LanguageKey } from '@portal/contract/constants';
import { refundCalls as c } from '@portal/contract/refunds-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the returns area, each the key of the call it caches (`callKey`). */
export const refundKeys = {
  canReturn: () => callKey(c.canReturn),
  reasons: (lang: LanguageKey) => callKey(c.reasons, { query: { lang } }),
  slip: (slipId: string) => callKey(c.returnableLines, { query: { packingslipid: slipId } }),
  invoiceLine: (invoiceId: string, line: number) =>
    callKey(c.checkReturn, { query: { invoiceid: invoiceId, linenum: line } }),
  cart: (lang: LanguageKey) => callKey(c.cart, { query: { lang } }),
  files: (lineId: number) => callKey(c.files, { query: { itemid: lineId } }),
  addresses: () => callKey(c.addresses),
  list: (params: GridParams) => callKey(c.grid, { query: params }),
  detail: (id: number, lang: LanguageKey) => callKey(c.detail, { params: { id }, query: { lang } }),
};

/**
 * What a change makes stale: a change to the cart, the cart and the lines it counts against (what can still be
 * returned); a step of a refund, its page, the list and the same lines.
 */
export const invalidateRefunds = {
  cart: (queryClient: QueryClient) => invalidateCalls(queryClient, c.cart),
  returnable: (queryClient: QueryClient) => invalidateCalls(queryClient, c.returnableLines, c.checkReturn),
  lists: (queryClient: QueryClient) => invalidateCalls(queryClient, c.grid),
  details: (queryClient: QueryClient) => invalidateCalls(queryClient, c.detail),
};
