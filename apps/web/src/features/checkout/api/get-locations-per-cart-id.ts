import type { CheckoutHeader } from '@portal/contract/cart';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/incheckout/getLocationsPerCartIdFull?salesid=: a cart of the caller, also once finished. */
export function getLocationsPerCartId(cartId: number, lang: LanguageKey): Promise<CheckoutHeader> {
  return apiRequest<CheckoutHeader>('/api/incheckout/getLocationsPerCartIdFull', {
    query: { lang, salesid: cartId },
  });
}

export const cartCheckoutQueryOptions = (cartId: number, lang: LanguageKey) =>
  queryOptions({
    queryKey: checkoutKeys.cart(cartId, lang),
    queryFn: () => getLocationsPerCartId(cartId, lang),
    staleTime: 0,
  });

export function useCartCheckout(cartId: number, lang: LanguageKey, enabled = true) {
  return useQuery({ ...cartCheckoutQueryOptions(cartId, lang), enabled: enabled && cartId > 0 });
}
