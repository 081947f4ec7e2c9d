import type { RefundsCart } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** GET /api/inrefund/getrefundscart: the caller's refunds cart (Id 0 and no lines when there is none). */
export const refundsCartQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...refundKeys.cart(), lang],
    queryFn: () => apiRequest<RefundsCart>('/api/inrefund/getrefundscart', { query: { lang } }),
  });

export function useRefundsCart(lang: string) {
  return useQuery(refundsCartQueryOptions(lang));
}
