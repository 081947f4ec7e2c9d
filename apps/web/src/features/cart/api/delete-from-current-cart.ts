import { cartCalls } from '@portal/contract/cart-calls';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** Removes a line. */
export function useDeleteFromCurrentCart() {
  return useCartChange((id: number) => call(cartCalls.remove, { params: { id } }));
}
