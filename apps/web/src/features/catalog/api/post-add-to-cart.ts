import { cartCalls } from '@portal/contract/cart-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

export type AddToCart = z.input<typeof cartCalls.add.body>;

/** Adds a line to the current cart (permitirCompras). */
export function postAddToCart(body: AddToCart) {
  return call(cartCalls.add, { body });
}

/** Adds a line, then refreshes everything cached about the current cart (the header badge among it). */
export function useAddToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAddToCart,
    onSuccess: () => cartCache.changed(queryClient),
  });
}
