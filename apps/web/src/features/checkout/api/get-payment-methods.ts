import { checkoutCalls } from '@portal/contract/checkout-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The caller's payment methods (each with its channel: PAYMENT_CHANNEL.card pays on the payment page) and the default. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: callKey(checkoutCalls.paymentMethods),
    queryFn: () => call(checkoutCalls.paymentMethods, {}),
    staleTime: 5 * 60_000,
  });

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled });
}
