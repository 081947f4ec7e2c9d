import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/** The cart becomes a refund (refusals shown by the form). */
export function finishCart(body: z.input<typeof refundCalls.finish.body>) {
  return call(refundCalls.finish, { body }, { silent: [400] });
}

export function useFinishCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishCart,
    onSuccess: () => {
      invalidateRefunds.cart(queryClient);
      invalidateRefunds.lists(queryClient);
    },
  });
}
