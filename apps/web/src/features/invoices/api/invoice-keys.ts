import { invoiceCalls as c } from '@portal/contract/sales-calls';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the invoices, each the key of the call it caches (`callKey`): grid pages, one header, its lines. */
export const invoiceKeys = {
  list: (params: GridParams) => callKey(c.grid, { query: params }),
  detail: (id: string) => callKey(c.headers, { query: { id } }),
  lines: (id: string) => callKey(c.linesById, { query: { id } }),
};
