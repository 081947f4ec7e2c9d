import type { CheckoutHeader } from '@portal/contract/cart';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/**
 * GET /api/incheckout/getLocationsPerCurrentCartFull: the current cart as one location per store. A 400
 * (WARN_CheckoutERR_CART empty, WARN_CartLocationNotFilled) is shown by the screen, not as a popup.
 */
export function getLocationsPerCurrentCart(lang: LanguageKey): Promise<CheckoutHeader> {
  return apiRequest<CheckoutHeader>('/api/incheckout/getLocationsPerCurrentCartFull', {
    query: { lang },
    silent: [400],
  });
}

export const currentCheckoutQueryOptions = (lang: LanguageKey) =>
  queryOptions({
    queryKey: checkoutKeys.current(lang),
    queryFn: () => getLocationsPerCurrentCart(lang),
    staleTime: 0,
    gcTime: 0,
  });

export function useCurrentCheckout(lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...currentCheckoutQueryOptions(lang), enabled, refetchOnMount: 'always' });
}
