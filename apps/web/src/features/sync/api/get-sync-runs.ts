import { syncCalls } from '@portal/contract/sync';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { runsQuery, syncKeys } from './sync-keys';

/** The log of runs, newest first. */
export function getSyncRuns(page: number) {
  return call(syncCalls.runs, { query: runsQuery(page) });
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
