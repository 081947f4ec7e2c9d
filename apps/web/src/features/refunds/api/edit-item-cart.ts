import type { RefundLine } from '@portal/contract/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** POST /api/inrefund/editItemCart: a cart line's quantity (a refusal is shown beside the field). */
export function editItemCart(id: number, quantity: number): Promise<RefundLine> {
  return apiRequest<RefundLine>('/api/inrefund/editItemCart', {
    method: 'POST',
    json: { id, quantity },
    silent: [400],
  });
}

export function useEditItemCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) => editItemCart(id, quantity),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.cart() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.returnable() });
    },
  });
}
