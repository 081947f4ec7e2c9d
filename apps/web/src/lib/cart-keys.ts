import { cartCalls } from '@portal/contract/cart-calls';
import { catalogCalls } from '@portal/contract/catalog-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from './call';

/**
 * What is cached about the caller's cart, by the calls that read it (`callKey`; decision 0084). Shared: the header
 * badge reads the length, and the catalogue, lists and quick order change the cart (a feature never imports another).
 */
export const cartCache = {
  /** The header badge's count (the length call takes no input). */
  lengthKey: () => callKey(cartCalls.length),
  /**
   * A change of the current cart: its lines and totals (every language) and the badge are read again; the badge gets
   * the count the change answered at once.
   */
  changed(queryClient: QueryClient, count?: number): Promise<void> {
    if (count !== undefined) queryClient.setQueryData(callKey(cartCalls.length), count);
    return invalidateCalls(queryClient, cartCalls.current, cartCalls.length);
  },
  /**
   * Another cart (another client chosen, or the cart finished): everything read about carts, the home store, the
   * stock messages, the clients offered and the search by reference's prices too.
   */
  replaced(queryClient: QueryClient): Promise<void> {
    return invalidateCalls(
      queryClient,
      cartCalls.current,
      cartCalls.length,
      cartCalls.ubication,
      cartCalls.messages,
      cartCalls.clients,
      cartCalls.client,
      catalogCalls.list,
    );
  },
};
