import type { FinishRefundCart } from '@portal/contract/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** POST /api/inrefund/finishCart: the cart becomes a refund (refusals shown by the form). */
export function finishCart(body: FinishRefundCart): Promise<{ returntablewebid: number }> {
  return apiRequest('/api/inrefund/finishCart', { method: 'POST', json: body, silent: [400] });
}

export function useFinishCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishCart,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.cart() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.lists() });
    },
  });
}
