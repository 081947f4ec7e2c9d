import type { PrepareCheckoutRequest, PrepareCheckoutResponse } from '@portal/contract/cart';
import type { LanguageKey } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/incheckout/preparecheckout: validates and stores the checkout; with a card (paymentchannel 2) it
 * answers the signed fields of the payment page. Refusals (400 with issues) are shown on the fields.
 */
export function postPrepareCheckout(lang: LanguageKey, body: PrepareCheckoutRequest): Promise<PrepareCheckoutResponse> {
  return apiRequest<PrepareCheckoutResponse>('/api/incheckout/preparecheckout', {
    method: 'POST',
    query: { lang },
    json: body,
    silent: [400],
  });
}

export function usePrepareCheckout(lang: LanguageKey) {
  return useMutation({ mutationFn: (body: PrepareCheckoutRequest) => postPrepareCheckout(lang, body) });
}
