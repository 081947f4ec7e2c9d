import type { LanguageKey } from '@portal/contract/constants';
import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** Header, lines and timeline (404: not the caller's). */
export const refundQueryOptions = (id: number, lang: LanguageKey) =>
  queryOptions({
    queryKey: refundKeys.detail(id, lang),
    queryFn: () => call(refundCalls.detail, { params: { id }, query: { lang } }, { silent: [404] }),
    retry: false,
  });

export function useRefund(id: number, lang: LanguageKey) {
  return useQuery(refundQueryOptions(id, lang));
}
