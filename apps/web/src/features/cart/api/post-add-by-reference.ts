import { cartCalls } from '@portal/contract/cart-calls';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { useCartChange } from './use-cart-change';

/** Adds an article by our reference (at least 5 characters); the search result says a refusal itself. */
export function useAddByReference() {
  return useCartChange((body: z.input<typeof cartCalls.addByReference.body>) =>
    call(cartCalls.addByReference, { body }, { silent: [400] }),
  );
}
