import type { PrepareCheckoutRequest } from '@portal/contract/cart';
import { checkoutCalls } from '@portal/contract/checkout-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/**
 * Validates and stores the checkout; with a card (PAYMENT_CHANNEL.card) it answers the signed fields of the payment
 * page. Refusals (400 with issues) are shown on the fields.
 */
export function usePrepareCheckout(lang: LanguageKey) {
  return useMutation({
    mutationFn: (body: PrepareCheckoutRequest) =>
      call(checkoutCalls.prepare, { query: { lang }, body }, { silent: [400] }),
  });
}
