import type { StatsGridResponse, StatsKind } from '@portal/contract/stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '@/lib/api-client';
import { statsKeys } from './stats-keys';

/** The three grid calls of /api/instats: by period, by family, by vehicle model. */
export const STATS_GRID_PATHS: Record<StatsKind, string> = {
  date: '/api/instats/GetStatsByDateJqGrid',
  family: '/api/instats/GetStatsByFamilyJqGrid',
  model: '/api/instats/GetStatsByModelJqGrid',
};

export type StatsParams = Record<string, QueryValue>;

/** GET GetStatsByDateJqGrid | GetStatsByFamilyJqGrid | GetStatsByModelJqGrid: a page of rows and the summary. */
export function getStatsGrid(kind: StatsKind, params: StatsParams): Promise<StatsGridResponse> {
  return apiRequest<StatsGridResponse>(STATS_GRID_PATHS[kind], { query: params });
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
