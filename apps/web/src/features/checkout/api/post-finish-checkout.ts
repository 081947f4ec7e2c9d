import type { CheckoutLocationInput } from '@portal/contract/cart';
import { checkoutCalls } from '@portal/contract/checkout-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

/**
 * One web order per location; the cart is emptied. Repeating it answers the same orders. With card locations it needs
 * the authorised payment (400 WARN_PaymentNotAuthorised).
 */
export function postFinishCheckout(locations: CheckoutLocationInput[]) {
  return call(checkoutCalls.finish, { body: locations }, { silent: [400] });
}

/** Finishing empties the cart: the header badge and every checkout read are refreshed. */
export function useFinishCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFinishCheckout,
    onSuccess: () => {
      // Not awaited: the screen moves on at once, the refetches run behind it. The checkout headers on screen
      // are only marked stale: read again now, the emptied cart would send the checkout back to /my-cart.
      queryClient.setQueryData(cartCache.lengthKey(), 0);
      void cartCache.replaced(queryClient);
      for (const header of [checkoutCalls.currentFull, checkoutCalls.cartFull])
        void queryClient.invalidateQueries({ queryKey: callKey(header), refetchType: 'none' });
    },
  });
}
