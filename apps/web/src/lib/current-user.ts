import type { LoggedUser } from '@portal/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useAuth } from './auth-storage';

/**
 * The signed-in user is read by the layout and by several features (roles gate the plate search, the
 * cart and the prices), so its call lives here rather than in one feature. Its key stays under `account`.
 */
export const currentUserKey = ['account', 'user'] as const;

/** GET /api/account/getUser: the signed-in user (rank, roles, permitirCompras, client). */
export function getUser(): Promise<LoggedUser> {
  return apiRequest<LoggedUser>('/api/account/getUser');
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: getUser, staleTime: 5 * 60_000 });

export function useUser() {
  const auth = useAuth();
  return useQuery({ ...userQueryOptions(), enabled: auth !== null });
}
