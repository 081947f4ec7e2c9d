import { NEW_USER_ID } from '@portal/contract/users';
import { userCalls } from '@portal/contract/users-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/**
 * An existing user's (or `profile`'s) addresses, or for a new user (the all-zero id) its client's, nothing selected.
 * Not getaddrlistbycliente: that is the checkout's, for buyers, and an admin who creates a user need not be one.
 */
const addrListQuery = (kind: 'user' | 'client', id: string) =>
  ({
    ...(kind === 'user' ? { id_user: id } : { id_user: NEW_USER_ID, id_cliente: id }),
    includeName: true,
  }) as const;

export const addrListQueryOptions = (kind: 'user' | 'client', id: string) =>
  queryOptions({
    queryKey: callKey(userCalls.addresses, { query: addrListQuery(kind, id) }),
    queryFn: () => call(userCalls.addresses, { query: addrListQuery(kind, id) }),
    staleTime: 0,
  });

export function useAddrList(kind: 'user' | 'client', id: string | null) {
  return useQuery({ ...addrListQueryOptions(kind, id ?? ''), enabled: !!id });
}
