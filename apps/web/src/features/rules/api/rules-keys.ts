import { paymentMethodCalls } from '@portal/contract/rules';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the commercial rules: a mutation invalidates exactly the resource it changed. */
export const stockMessageKeys = {
  all: ['stock-messages'] as const,
  lists: () => [...stockMessageKeys.all, 'list'] as const,
  list: (store: string | undefined) => [...stockMessageKeys.lists(), store ?? ''] as const,
  details: () => [...stockMessageKeys.all, 'detail'] as const,
  detail: (id: number) => [...stockMessageKeys.details(), id] as const,
};

export const storeOptionKeys = {
  all: ['store-options'] as const,
};

/** Payment methods: the keys of their calls (`callKey`). */
export const paymentMethodKeys = {
  list: (params: GridParams) => callKey(paymentMethodCalls.grid, { query: params }),
  detail: (id: number) => callKey(paymentMethodCalls.method, { params: { id } }),
};
