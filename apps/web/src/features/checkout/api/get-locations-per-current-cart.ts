import { checkoutCalls } from '@portal/contract/checkout-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/**
 * The current cart as one location per store. A 400 (WARN_CheckoutERR_CART empty, WARN_CartLocationNotFilled) is
 * shown by the screen, not as a popup.
 */
export const currentCheckoutQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: callKey(checkoutCalls.currentFull, { query: { lang } }),
    queryFn: () => call(checkoutCalls.currentFull, { query: { lang } }, { silent: [400] }),
    staleTime: 0,
    gcTime: 0,
  });

export function useCurrentCheckout(lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...currentCheckoutQueryOptions(lang), enabled, refetchOnMount: 'always' });
}
