import { packingSlipCalls as c } from '@portal/contract/sales-calls';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/**
 * Query keys of the packing slips (delivery notes), each the key of the call it caches (`callKey`): grid pages, one
 * header, its lines.
 */
export const packingSlipKeys = {
  list: (params: GridParams) => callKey(c.grid, { query: params }),
  detail: (id: string) => callKey(c.headers, { query: { id } }),
  lines: (id: string) => callKey(c.lines, { params: { id } }),
};
