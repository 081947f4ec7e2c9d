import type { LanguageKey } from '@portal/contract/constants';
import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** The reasons in the reader's language. */
export const returnReasonsQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: refundKeys.reasons(lang),
    queryFn: () => call(refundCalls.reasons, { query: { lang } }),
    staleTime: 30 * 60_000,
  });

export function useReturnReasons(lang: LanguageKey) {
  return useQuery(returnReasonsQueryOptions(lang));
}
