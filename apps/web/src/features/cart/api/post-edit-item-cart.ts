import { apiRequest } from '@/lib/api-client';
import { type CartChange, useCartChange } from './use-cart-change';

/** POST /api/incheckout/editItemCart: a line's quantity (whole number, at least 1). */
export function postEditItemCart(body: { id: number; quantity: number }): Promise<CartChange> {
  return apiRequest<CartChange>('/api/incheckout/editItemCart', { method: 'POST', json: body });
}

export function useEditItemCart() {
  return useCartChange(postEditItemCart);
}
