import { cartCalls } from '@portal/contract/cart-calls';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** A line's quantity (whole number, at least 1). */
export function useEditItemCart() {
  return useCartChange((body: { id: number; quantity: number }) => call(cartCalls.setQuantity, { body }));
}
