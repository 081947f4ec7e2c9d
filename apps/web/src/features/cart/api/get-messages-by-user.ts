import type { userStockMessages } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';

export type StockMessage = z.infer<typeof userStockMessages>[number];

/** GET /api/incheckout/getmessagesbyuser/: the messages of the stores that send goods to the caller's home store. */
export function getMessagesByUser(): Promise<StockMessage[]> {
  return apiRequest<StockMessage[]>('/api/incheckout/getmessagesbyuser/');
}

export const messagesByUserQueryOptions = () =>
  queryOptions({ queryKey: cartScreenKeys.messages(), queryFn: getMessagesByUser, staleTime: 5 * 60_000 });

export function useMessagesByUser(enabled: boolean) {
  return useQuery({ ...messagesByUserQueryOptions(), enabled });
}
