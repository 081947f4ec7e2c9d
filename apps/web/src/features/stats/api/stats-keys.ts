import { type StatsGridInput, type StatsKind, statsCalls } from '@portal/contract/stats';
import { callKey } from '@/lib/call';

/** The three grid calls of the statistics: by period, by family, by vehicle model. */
export const STATS_GRID_CALLS = {
  date: statsCalls.byDate,
  family: statsCalls.byFamily,
  model: statsCalls.byModel,
} as const satisfies Record<StatsKind, unknown>;

/** Query keys of the statistics: the key of the screen's grid call with its parameters (`callKey`). */
export const statsKeys = {
  grid: (kind: StatsKind, params: StatsGridInput) => callKey(STATS_GRID_CALLS[kind], { query: params }),
};
