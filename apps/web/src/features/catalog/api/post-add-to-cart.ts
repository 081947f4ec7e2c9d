import type { addToCartRequest } from '@portal/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { cartKeys } from '@/lib/cart-keys';

export type AddToCart = z.input<typeof addToCartRequest>;

/** POST /api/incheckout/addtocurrentcart: adds a line to the current cart (permitirCompras). */
export function postAddToCart(body: AddToCart): Promise<{ count: number }> {
  return apiRequest<{ count: number }>('/api/incheckout/addtocurrentcart', { method: 'POST', json: body });
}

/** Adds a line, then refreshes everything cached about the current cart (the header badge among it). */
export function useAddToCartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAddToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.current() }),
  });
}
