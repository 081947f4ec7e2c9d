import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';
import type { CartClient } from './get-cart-clients';

/** GET /api/incheckout/getcurrentcartclient_{brand}: the client the current cart is for (web context 2). */
export function getCurrentCartClient(brand: string): Promise<CartClient> {
  return apiRequest<CartClient>(`/api/incheckout/getcurrentcartclient_${brand}`);
}

export const currentCartClientQueryOptions = (brand: string) =>
  queryOptions({ queryKey: cartScreenKeys.client(brand), queryFn: () => getCurrentCartClient(brand) });

export function useCurrentCartClient(brand: string, enabled: boolean) {
  return useQuery({ ...currentCartClientQueryOptions(brand), enabled });
}
