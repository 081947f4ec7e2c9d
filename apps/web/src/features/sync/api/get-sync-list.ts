import type { SyncListResponse } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncKeys } from './sync-keys';

/** GET /api/insync/getlist: the procedures and their last runs; polled every second while a run is active. */
export function getSyncList(): Promise<SyncListResponse> {
  return apiRequest<SyncListResponse>('/api/insync/getlist');
}

export const syncListQueryOptions = () =>
  queryOptions({
    queryKey: syncKeys.list(),
    queryFn: getSyncList,
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });

export function useSyncList() {
  return useQuery(syncListQueryOptions());
}
