import { accountCalls } from '@portal/contract/account-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from './auth-storage';
import { call, callKey } from './call';

/**
 * The signed-in user (rank, roles, permitirCompras, client) is read by the layout and by several features (roles gate
 * the plate search, the cart and the prices), so its call lives here rather than in one feature.
 */
export const currentUserKey = callKey(accountCalls.user);

export const userQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: () => call(accountCalls.user, {}), staleTime: 5 * 60_000 });

export function useUser() {
  const auth = useAuth();
  return useQuery({ ...userQueryOptions(), enabled: auth !== null });
}
