import { cartCalls } from '@portal/contract/cart-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { call } from '@/lib/call';
import { cartCache } from '@/lib/cart-keys';

/** The number of lines in the current cart (0 while the call is missing). */
export async function getCurrentCartLength(): Promise<number> {
  try {
    const count = await call(cartCalls.length, {}, { silent: [404] });
    return count > 0 ? count : 0;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 0;
    throw error;
  }
}

export const currentCartLengthQueryOptions = () =>
  queryOptions({ queryKey: cartCache.lengthKey(), queryFn: getCurrentCartLength });

export function useCurrentCartLength(enabled: boolean) {
  return useQuery({ ...currentCartLengthQueryOptions(), enabled });
}
