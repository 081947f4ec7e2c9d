import type { SyncRunsResponse } from '@portal/contract/sync';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncKeys } from './sync-keys';

/** GET /api/insync/getruns: the log of runs, newest first. */
export function getSyncRuns(page: number): Promise<SyncRunsResponse> {
  return apiRequest<SyncRunsResponse>('/api/insync/getruns', { query: { page, rows: 10 } });
}

export const syncRunsQueryOptions = (page: number, running: boolean) =>
  queryOptions({
    queryKey: syncKeys.runs(page),
    queryFn: () => getSyncRuns(page),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 1000 : false,
  });

export function useSyncRuns(page: number, running: boolean) {
  return useQuery(syncRunsQueryOptions(page, running));
}
