import type { LoggedUser } from '@portal/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-storage';
import { accountKeys } from './account-keys';

/** GET /api/account/getUser: the signed-in user (rank, roles, permitirCompras, client). */
export function getUser(): Promise<LoggedUser> {
  return apiRequest<LoggedUser>('/api/account/getUser');
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.user(), queryFn: getUser, staleTime: 5 * 60_000 });

export function useUser() {
  const auth = useAuth();
  return useQuery({ ...userQueryOptions(), enabled: auth !== null });
}
