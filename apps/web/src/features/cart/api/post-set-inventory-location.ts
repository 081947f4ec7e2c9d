import { cartCalls } from '@portal/contract/cart-calls';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** The store a line is served from (salesid is the line id). */
export function useSetInventoryLocation() {
  return useCartChange((body: { salesid: number; locationid: string }) => call(cartCalls.chooseStore, { body }));
}
