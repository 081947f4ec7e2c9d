import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/** A line and its files out of the cart. */
export function deleteCartLine(id: number) {
  return call(refundCalls.removeLine, { params: { id } });
}

export function useDeleteCartLineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartLine,
    onSuccess: () => {
      invalidateRefunds.cart(queryClient);
      invalidateRefunds.returnable(queryClient);
    },
  });
}
