import type { CartLine } from '@portal/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '@/lib/cart-keys';

/** What every cart-changing call answers: the new line count and the changed line (null once deleted). */
export type CartChange = { count: number; line: CartLine | null };

/**
 * A mutation that changes the current cart, then refreshes everything cached about it (lines, totals and
 * the header badge, all under `cartKeys.current()`). `silent` calls show their refusals themselves.
 */
export function useCartChange<TVars>(mutationFn: (vars: TVars) => Promise<CartChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (change) => {
      queryClient.setQueryData(cartKeys.length(), change.count);
      return queryClient.invalidateQueries({ queryKey: cartKeys.current() });
    },
  });
}
