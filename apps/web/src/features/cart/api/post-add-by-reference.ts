import { apiRequest } from '@/lib/api-client';
import { type CartChange, useCartChange } from './use-cart-change';

export type AddByReference = { ref_jumasa: string; quantity: number; almacen?: string };

/** POST /api/incheckout/addtocurrentcartfromrefjumasa: adds an article by our reference (at least 5 characters). */
export function postAddByReference(body: AddByReference): Promise<CartChange> {
  return apiRequest<CartChange>('/api/incheckout/addtocurrentcartfromrefjumasa', {
    method: 'POST',
    json: body,
    silent: [400],
  });
}

export function useAddByReference() {
  return useCartChange(postAddByReference);
}
