/** Query keys of the statistics: one per screen kind and its parameters. */
export const statsKeys = {
  all: ['stats'] as const,
  grids: () => [...statsKeys.all, 'grid'] as const,
  grid: (kind: string, params: Record<string, unknown>) => [...statsKeys.grids(), kind, params] as const,
};
