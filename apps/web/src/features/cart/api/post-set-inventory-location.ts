import { apiRequest } from '@/lib/api-client';
import { type CartChange, useCartChange } from './use-cart-change';

/** POST /api/incheckout/setinventorylocationtrans: the store a line is served from (salesid is the line id). */
export function postSetInventoryLocation(body: { salesid: number; locationid: string }): Promise<CartChange> {
  return apiRequest<CartChange>('/api/incheckout/setinventorylocationtrans', { method: 'POST', json: body });
}

export function useSetInventoryLocation() {
  return useCartChange(postSetInventoryLocation);
}
