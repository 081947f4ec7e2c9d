import { salesCalls as c } from '@portal/contract/sales-calls';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the orders (ERP sales orders), each the key of the call it caches: grid pages, a header, its lines. */
export const salesKeys = {
  list: (params: GridParams) => callKey(c.grid, { query: params }),
  detail: (id: string) => callKey(c.headers, { query: { id } }),
  lines: (id: string) => callKey(c.lines, { params: { id } }),
};
