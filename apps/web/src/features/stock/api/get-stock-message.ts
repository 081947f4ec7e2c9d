import { stockMessageCalls } from '@portal/contract/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { stockMessageKeys } from './stock-keys';

/** One stock message (404: shown by the screen). */
export function getStockMessage(id: number) {
  return call(stockMessageCalls.message, { params: { id } }, { silent: [404] });
}

export const stockMessageQueryOptions = (id: number) =>
  queryOptions({ queryKey: stockMessageKeys.detail(id), queryFn: () => getStockMessage(id), retry: false });

export function useStockMessage(id: number) {
  return useQuery(stockMessageQueryOptions(id));
}
