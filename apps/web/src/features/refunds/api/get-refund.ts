import type { RefundDetail } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/getrefund/{id}: header, lines and timeline (404: not the caller's). */
export const refundQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: refundKeys.detail(id, lang),
    queryFn: () => apiRequest<RefundDetail>(`/api/inrefund/getrefund/${id}`, { query: { lang }, silent: [404] }),
    retry: false,
  });

export function useRefund(id: number, lang: string) {
  return useQuery(refundQueryOptions(id, lang));
}
