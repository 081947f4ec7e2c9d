import { paymentMethodCalls, stockMessageCalls } from '@portal/contract/rules';
import { callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** Stock messages: the keys of their calls (`callKey`). */
export const stockMessageKeys = {
  list: (store: string | undefined) => callKey(stockMessageCalls.list, { query: messagesOfStore(store) }),
  detail: (id: number) => callKey(stockMessageCalls.message, { params: { id } }),
  stores: () => callKey(stockMessageCalls.stores),
};

/** Every message, or those of one store (origin or destination). */
export const messagesOfStore = (store: string | undefined) => (store ? { ubicacion: store } : {});

/** Payment methods: the keys of their calls (`callKey`). */
export const paymentMethodKeys = {
  list: (params: GridParams) => callKey(paymentMethodCalls.grid, { query: params }),
  detail: (id: number) => callKey(paymentMethodCalls.method, { params: { id } }),
};
