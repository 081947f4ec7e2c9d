import type { AddressListResponse } from '@portal/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/**
 * GET /api/incheckout/getaddrlistbyuser (an existing user, or `profile`) or getaddrlistbycliente (a new user's
 * client: nothing selected).
 */
export function getAddrList(kind: 'user' | 'client', id: string): Promise<AddressListResponse> {
  return kind === 'user'
    ? apiRequest('/api/incheckout/getaddrlistbyuser', { query: { id_user: id, includeName: true } })
    : apiRequest('/api/incheckout/getaddrlistbycliente', { query: { id_cliente: id, includeName: true } });
}

export const addrListQueryOptions = (kind: 'user' | 'client', id: string) =>
  queryOptions({ queryKey: peopleKeys.addresses(kind, id), queryFn: () => getAddrList(kind, id), staleTime: 0 });

export function useAddrList(kind: 'user' | 'client', id: string | null) {
  return useQuery({ ...addrListQueryOptions(kind, id ?? ''), enabled: !!id });
}
