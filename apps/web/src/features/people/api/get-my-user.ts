import type { UserDetail } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** GET /api/inuser/getuser: the caller's own user (the profile). */
export async function getMyUser(): Promise<UserDetail> {
  return (await apiRequest<{ data: UserDetail }>('/api/inuser/getuser')).data;
}

export const myUserQueryOptions = () => queryOptions({ queryKey: peopleKeys.me(), queryFn: getMyUser, staleTime: 0 });

export function useMyUser() {
  return useQuery(myUserQueryOptions());
}
