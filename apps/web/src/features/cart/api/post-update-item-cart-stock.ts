import { cartCalls } from '@portal/contract/cart-calls';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** Reads a line's stock per store again. */
export function useUpdateItemCartStock() {
  return useCartChange((body: { id: number }) => call(cartCalls.refreshStock, { body }));
}
