import type { ClientDetail } from '@portal/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** GET /api/inclient/getclient/{id}, or getnewclient/{id} for a new account number. */
export function getClient(id: string, isNew: boolean): Promise<ClientDetail> {
  const path = isNew ? 'getnewclient' : 'getclient';
  return apiRequest<ClientDetail>(`/api/inclient/${path}/${encodeURIComponent(id)}`);
}

export const clientQueryOptions = (id: string, isNew: boolean) =>
  queryOptions({ queryKey: peopleKeys.client(id, isNew), queryFn: () => getClient(id, isNew), staleTime: 0 });

export function useClientDetail(id: string, isNew: boolean) {
  return useQuery(clientQueryOptions(id, isNew));
}
