import { apiRequest } from '@/lib/api-client';
import { type CartChange, useCartChange } from './use-cart-change';

/** POST /api/incheckout/updateItemCartStock: reads a line's stock per store again. */
export function postUpdateItemCartStock(body: { id: number }): Promise<CartChange> {
  return apiRequest<CartChange>('/api/incheckout/updateItemCartStock', { method: 'POST', json: body });
}

export function useUpdateItemCartStock() {
  return useCartChange(postUpdateItemCartStock);
}
