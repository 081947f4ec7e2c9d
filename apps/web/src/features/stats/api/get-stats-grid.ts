import type { StatsGridInput, StatsKind } from '@portal/contract/stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { STATS_GRID_CALLS, statsKeys } from './stats-keys';

export type StatsParams = StatsGridInput;

/** A page of rows and the summary of one screen. */
export function getStatsGrid(kind: StatsKind, params: StatsParams) {
  return call(STATS_GRID_CALLS[kind], { query: params });
}

export const statsGridQueryOptions = (kind: StatsKind, params: StatsParams) =>
  queryOptions({
    queryKey: statsKeys.grid(kind, params),
    queryFn: () => getStatsGrid(kind, params),
    placeholderData: keepPreviousData,
  });

export function useStatsGrid(kind: StatsKind, params: StatsParams) {
  return useQuery(statsGridQueryOptions(kind, params));
}
