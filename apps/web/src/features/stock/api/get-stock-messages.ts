import { stockMessageCalls } from '@portal/contract/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { messagesOfStore, stockMessageKeys } from './stock-keys';

/** Every message, or those of one store (origin or destination). */
export function getStockMessages(store: string | undefined) {
  return call(stockMessageCalls.list, { query: messagesOfStore(store) });
}

export const stockMessagesQueryOptions = (store: string | undefined) =>
  queryOptions({ queryKey: stockMessageKeys.list(store), queryFn: () => getStockMessages(store) });

export function useStockMessages(store: string | undefined) {
  return useQuery(stockMessagesQueryOptions(store));
}
