import type { LanguageKey } from '@portal/contract/constants';
import { refundCalls } from '@portal/contract/refunds-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { refundKeys } from './refund-keys';

/** The caller's refunds cart (Id 0 and no lines when there is none). */
export const refundsCartQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: refundKeys.cart(lang),
    queryFn: () => call(refundCalls.cart, { query: { lang } }),
  });

export function useRefundsCart(lang: LanguageKey) {
  return useQuery(refundsCartQueryOptions(lang));
}
