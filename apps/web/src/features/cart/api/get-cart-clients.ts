import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';

/** Third brand (web context 2): a client a staff member may fill the cart for. */
export type CartClient = { accountnum: string; name: string };
export type CartClientsOrder = 'AccountNum' | 'Name';

/** GET /api/incheckout/getcartclients_{brand}?orderBy=: the clients the caller may buy for (admins: all). */
export function getCartClients(brand: string, orderBy: CartClientsOrder): Promise<CartClient[]> {
  return apiRequest<CartClient[]>(`/api/incheckout/getcartclients_${brand}`, { query: { orderBy } });
}

export const cartClientsQueryOptions = (brand: string, orderBy: CartClientsOrder) =>
  queryOptions({
    queryKey: cartScreenKeys.clients(brand, orderBy),
    queryFn: () => getCartClients(brand, orderBy),
    staleTime: 5 * 60_000,
  });

export function useCartClients(brand: string, orderBy: CartClientsOrder, enabled: boolean) {
  return useQuery({ ...cartClientsQueryOptions(brand, orderBy), enabled });
}
