import { apiRequest } from '@/lib/api-client';
import { type CartChange, useCartChange } from './use-cart-change';

/** DELETE /api/incheckout/deletefromcurrentcart/{id}: removes a line. */
export function deleteFromCurrentCart(id: number): Promise<CartChange> {
  return apiRequest<CartChange>(`/api/incheckout/deletefromcurrentcart/${id}`, { method: 'DELETE' });
}

export function useDeleteFromCurrentCart() {
  return useCartChange(deleteFromCurrentCart);
}
