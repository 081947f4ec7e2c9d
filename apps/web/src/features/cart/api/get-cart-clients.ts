import { cartCalls } from '@portal/contract/cart-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callKey } from '@/lib/call';

/** Third brand (web context 2): how the clients a staff member may fill the cart for are ordered. */
export type CartClientsOrder = NonNullable<z.input<typeof cartCalls.clients.query>['orderBy']>;

/** The clients the caller may buy for (admins: all). */
export const cartClientsQueryOptions = (orderBy: CartClientsOrder) =>
  queryOptions({
    queryKey: callKey(cartCalls.clients, { query: { orderBy } }),
    queryFn: () => call(cartCalls.clients, { query: { orderBy } }),
    staleTime: 5 * 60_000,
  });

export function useCartClients(orderBy: CartClientsOrder, enabled: boolean) {
  return useQuery({ ...cartClientsQueryOptions(orderBy), enabled });
}
