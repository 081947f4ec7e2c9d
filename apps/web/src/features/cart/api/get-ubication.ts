import type { ubicationResponse } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';

export type Ubication = z.infer<typeof ubicationResponse>;

/** GET /api/incheckout/getubicacioncod: the caller's home store (ubication 1 when there is one). */
export function getUbication(): Promise<Ubication> {
  return apiRequest<Ubication>('/api/incheckout/getubicacioncod');
}

export const ubicationQueryOptions = () =>
  queryOptions({ queryKey: cartScreenKeys.ubication(), queryFn: getUbication, staleTime: 5 * 60_000 });

export function useUbication(enabled: boolean) {
  return useQuery({ ...ubicationQueryOptions(), enabled });
}
