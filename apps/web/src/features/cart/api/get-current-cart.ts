import { cartCalls } from '@portal/contract/cart-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The lines of the current cart, their stores and the totals. */
export const currentCartQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: callKey(cartCalls.current, { query: { lang } }),
    queryFn: () => call(cartCalls.current, { query: { lang } }),
  });

export function useCurrentCart(lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...currentCartQueryOptions(lang), enabled });
}
