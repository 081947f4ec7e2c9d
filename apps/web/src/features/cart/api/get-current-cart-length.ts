import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { cartKeys } from '@/lib/cart-keys';

/** GET /api/incheckout/getcurrentcartlength: the number of lines in the current cart (0 while the call is missing). */
export async function getCurrentCartLength(): Promise<number> {
  try {
    const reply = await apiRequest<unknown>('/api/incheckout/getcurrentcartlength', { silent: [404] });
    const value = typeof reply === 'object' && reply !== null && 'length' in reply ? reply.length : reply;
    const count = Number(value);
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 0;
    throw error;
  }
}

export const currentCartLengthQueryOptions = () =>
  queryOptions({ queryKey: cartKeys.length(), queryFn: getCurrentCartLength });

export function useCurrentCartLength(enabled: boolean) {
  return useQuery({ ...currentCartLengthQueryOptions(), enabled });
}
