import type { StockMessage } from '@portal/contract/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stockMessageKeys } from './rules-keys';

/** GET /api/instockmessages/getstockmessage/{id}. */
export function getStockMessage(id: number): Promise<StockMessage> {
  return apiRequest<StockMessage>(`/api/instockmessages/getstockmessage/${id}`, { silent: [404] });
}

export const stockMessageQueryOptions = (id: number) =>
  queryOptions({ queryKey: stockMessageKeys.detail(id), queryFn: () => getStockMessage(id), retry: false });

export function useStockMessage(id: number) {
  return useQuery(stockMessageQueryOptions(id));
}
