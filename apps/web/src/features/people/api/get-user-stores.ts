import type { UserStore } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** GET /api/inuser/GetInventLocations/{id}: every store; the user's in order (position 0: the default). */
export function getUserStores(id: string): Promise<UserStore[]> {
  return apiRequest<UserStore[]>(`/api/inuser/GetInventLocations/${encodeURIComponent(id)}`);
}

export const userStoresQueryOptions = (id: string) =>
  queryOptions({ queryKey: peopleKeys.stores(id), queryFn: () => getUserStores(id), staleTime: 0 });

export function useUserStores(id: string) {
  return useQuery(userStoresQueryOptions(id));
}
