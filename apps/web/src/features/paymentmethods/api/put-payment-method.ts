import { type PutPaymentMethodBody, paymentMethodCalls } from '@portal/contract/paymentmethods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** Creates (Id_Tarjeta 0) or changes a method; a 400 shows in the form. */
export function putPaymentMethod(body: PutPaymentMethodBody) {
  return call(paymentMethodCalls.put, { body }, { silent: [400] });
}

export function usePutPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPaymentMethod,
    onSuccess: () => invalidateCalls(queryClient, paymentMethodCalls.grid, paymentMethodCalls.method),
  });
}
