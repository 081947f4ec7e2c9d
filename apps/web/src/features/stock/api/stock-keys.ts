import { stockMessageCalls } from '@portal/contract/stock';
import { callKey } from '@/lib/call';

/** Stock messages: the keys of their calls (`callKey`). */
export const stockMessageKeys = {
  list: (store: string | undefined) => callKey(stockMessageCalls.list, { query: messagesOfStore(store) }),
  detail: (id: number) => callKey(stockMessageCalls.message, { params: { id } }),
  stores: () => callKey(stockMessageCalls.stores),
};

/** Every message, or those of one store (origin or destination). */
export const messagesOfStore = (store: string | undefined) => (store ? { ubicacion: store } : {});
