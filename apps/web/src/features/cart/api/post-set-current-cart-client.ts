import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartKeys } from '@/lib/cart-keys';

/** POST /api/incheckout/setcurrentcartclient_{brand}: the cart is now for another client (web context 2). */
export function postSetCurrentCartClient(brand: string, custAccount: string): Promise<unknown> {
  return apiRequest(`/api/incheckout/setcurrentcartclient_${brand}`, { method: 'POST', json: { custAccount } });
}

/** Another client means another cart: everything cached about carts (and the badge) is read again. */
export function useSetCurrentCartClient(brand: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (custAccount: string) => postSetCurrentCartClient(brand, custAccount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
