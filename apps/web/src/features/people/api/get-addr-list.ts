import type { AddressListResponse } from '@portal/contract/cart';
import { NEW_USER_ID } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/**
 * GET /api/incheckout/getaddrlistbyuser: an existing user's (or `profile`'s) addresses, or for a new user (the all-zero
 * id) its client's, nothing selected. Not getaddrlistbycliente: that is the checkout's, for buyers, and an admin who
 * creates a user need not be one.
 */
export function getAddrList(kind: 'user' | 'client', id: string): Promise<AddressListResponse> {
  const query = kind === 'user' ? { id_user: id } : { id_user: NEW_USER_ID, id_cliente: id };
  return apiRequest('/api/incheckout/getaddrlistbyuser', { query: { ...query, includeName: true } });
}

export const addrListQueryOptions = (kind: 'user' | 'client', id: string) =>
  queryOptions({ queryKey: peopleKeys.addresses(kind, id), queryFn: () => getAddrList(kind, id), staleTime: 0 });

export function useAddrList(kind: 'user' | 'client', id: string | null) {
  return useQuery({ ...addrListQueryOptions(kind, id ?? ''), enabled: !!id });
}
