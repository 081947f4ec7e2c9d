import { syncCalls } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { syncKeys } from './sync-keys';

/** The procedures and their last runs; polled every second while a run is active. */
export function getSyncList() {
  return call(syncCalls.list, {});
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
