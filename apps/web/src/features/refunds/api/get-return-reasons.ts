import type { returnReasons } from '@portal/contract/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

export type ReturnReason = z.infer<typeof returnReasons>[number];

/** GET /api/inrefund/getreturnreasons: the reasons in the reader's language. */
export const returnReasonsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: refundKeys.reasons(lang),
    queryFn: () => apiRequest<ReturnReason[]>('/api/inrefund/getreturnreasons', { query: { lang } }),
    staleTime: 30 * 60_000,
  });

export function useReturnReasons(lang: string) {
  return useQuery(returnReasonsQueryOptions(lang));
}
