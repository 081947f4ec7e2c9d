import type { cartCalls } from '@portal/contract/cart-calls';
import type { ResponseOf } from '@portal/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartCache } from '@/lib/cart-keys';

/** What every cart-changing call answers: the new line count and the changed line (null once deleted). */
export type CartChange = ResponseOf<typeof cartCalls.setQuantity>;

/**
 * A mutation that changes the current cart, then refreshes everything cached about it (lines, totals and the header
 * badge). `silent` calls show their refusals themselves.
 */
export function useCartChange<TVars>(mutationFn: (vars: TVars) => Promise<CartChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (change) => cartCache.changed(queryClient, change.count),
  });
}
