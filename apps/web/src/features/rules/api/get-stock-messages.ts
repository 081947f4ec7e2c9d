import type { StockMessage } from '@portal/contract/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stockMessageKeys } from './rules-keys';

/** GET /api/instockmessages/getstockmessages: every message, or those of one store (origin or destination). */
export function getStockMessages(store: string | undefined): Promise<StockMessage[]> {
  return apiRequest<StockMessage[]>('/api/instockmessages/getstockmessages', { query: { ubicacion: store } });
}

export const stockMessagesQueryOptions = (store: string | undefined) =>
  queryOptions({ queryKey: stockMessageKeys.list(store), queryFn: () => getStockMessages(store) });

export function useStockMessages(store: string | undefined) {
  return useQuery(stockMessagesQueryOptions(store));
}
