import { cartCalls } from '@portal/contract/cart-calls';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** A line's job reference (issue 26; decision 0081): the field says a refusal itself, so no error popup. */
export function useSetJobRef() {
  return useCartChange((v: { id: number; jobRef: string | null }) =>
    call(cartCalls.setJobRef, { body: v }, { silent: [400] }),
  );
}
