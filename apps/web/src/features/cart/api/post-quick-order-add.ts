import { type QuickOrderAddRequest, quickOrderCalls } from '@portal/contract/quick-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

/** POST /api/quickorder/addtocart: every chosen line to the cart, all or nothing; then the cart is read again. */
export function useQuickOrderAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickOrderAddRequest) => call(quickOrderCalls.add, { body }, { silent: [400] }),
    onSuccess: (answer) => cartCache.changed(queryClient, answer.count),
  });
}
