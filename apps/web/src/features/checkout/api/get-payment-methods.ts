import type { PaymentMethodsResponse } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/incheckout/getPaymentMethods/: the caller's payment methods (channel 2: card) and the default. */
export function getPaymentMethods(): Promise<PaymentMethodsResponse> {
  return apiRequest<PaymentMethodsResponse>('/api/incheckout/getPaymentMethods/');
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.paymentMethods(), queryFn: getPaymentMethods, staleTime: 5 * 60_000 });

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled });
}
