import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/** A cart line's quantity (a refusal is shown beside the field). */
export function editItemCart(id: number, quantity: number) {
  return call(refundCalls.editQuantity, { body: { id, quantity } }, { silent: [400] });
}

export function useEditItemCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) => editItemCart(id, quantity),
    onSuccess: () => {
      invalidateRefunds.cart(queryClient);
      invalidateRefunds.returnable(queryClient);
    },
  });
}
