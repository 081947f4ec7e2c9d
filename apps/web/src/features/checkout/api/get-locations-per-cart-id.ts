import { checkoutCalls } from '@portal/contract/checkout-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** A cart of the caller as one location per store, also once finished (the payment return reads it). */
export const cartCheckoutQueryOptions = (cartId: number, lang: LanguageKey) => {
  const query = { lang, salesid: cartId };
  return queryOptions({
    queryKey: callKey(checkoutCalls.cartFull, { query }),
    queryFn: () => call(checkoutCalls.cartFull, { query }),
    staleTime: 0,
  });
};

export function useCartCheckout(cartId: number, lang: LanguageKey, enabled = true) {
  return useQuery({ ...cartCheckoutQueryOptions(cartId, lang), enabled: enabled && cartId > 0 });
}
