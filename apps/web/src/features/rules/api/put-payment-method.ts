import type { PutPaymentMethodBody } from '@portal/contract/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentMethodKeys } from './rules-keys';

/** POST /api/inpaymentmethod/putpaymentmethod/: creates (Id_Tarjeta 0) or changes a method; a 400 shows in the form. */
export function putPaymentMethod(body: PutPaymentMethodBody): Promise<{ message: string; Id_Tarjeta: number }> {
  return apiRequest('/api/inpaymentmethod/putpaymentmethod', { method: 'POST', json: body, silent: [400] });
}

export function usePutPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
