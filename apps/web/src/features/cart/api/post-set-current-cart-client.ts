import { cartCalls } from '@portal/contract/cart-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

/** The cart is now for another client (web context 2): another cart, so everything cached about carts is read again. */
export function useSetCurrentCartClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (custAccount: string) => call(cartCalls.setClient, { body: { custAccount } }),
    onSuccess: () => cartCache.replaced(queryClient),
  });
}
