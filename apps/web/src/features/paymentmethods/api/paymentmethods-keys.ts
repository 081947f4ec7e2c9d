import { paymentMethodCalls } from '@portal/contract/paymentmethods';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Payment methods: the keys of their calls (`callKey`). */
export const paymentMethodKeys = {
  list: (params: GridParams) => callKey(paymentMethodCalls.grid, { query: params }),
  detail: (id: number) => callKey(paymentMethodCalls.method, { params: { id } }),
};
