import type { GridDefinition, GridResponse } from '@portal/contract/grids';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type FilterSpec,
  type FilterValue,
  type GridParams,
  type GridState,
  initialGridState,
  isPageSize,
  type SortOrder,
  toGridParams,
} from '@/lib/documents/grid-state';
import type { GridColumnDef } from './grid-types';

/** A grid call's options (a feature's `…QueryOptions(params)`). */
export type GridQueryFactory<Row, Key extends QueryKey> = (
  params: GridParams,
) => UseQueryOptions<GridResponse<Row>, Error, GridResponse<Row>, Key>;

/** The last state of each grid in this tab, so that coming back to a screen finds its filters and page. */
const remembered = new Map<string, GridState>();

/** The filter specs of the columns the grid definition allows filtering. */
export function filterSpecsOf<Row>(definition: GridDefinition, columns: readonly GridColumnDef<Row>[]) {
  const specs: Record<string, FilterSpec> = {};
  for (const column of columns) {
    const filter = column.filter;
    if (filter && definition.columns[filter.field]?.filterable) specs[filter.field] = filter;
  }
  return specs;
}

type Options<Row, Key extends QueryKey> = {
  /** Remembers the state under this name. */
  id: string;
  definition: GridDefinition;
  columns: readonly GridColumnDef<Row>[];
  query: GridQueryFactory<Row, Key>;
  /** Other parameters of the call (the product filter). */
  extra?: Partial<Pick<GridParams, 'filterProduct'>>;
  enabled?: boolean;
};

/**
 * A grid driven by the jqGrid protocol: the state (page, page size, sort, toolbar filters), the request
 * it makes, and the answer (the previous page stays on screen while the next one loads).
 */
export function useJqGrid<Row, Key extends QueryKey = QueryKey>({
  id,
  definition,
  columns,
  query,
  extra,
  enabled = true,
}: Options<Row, Key>) {
  const [state, setState] = useState<GridState>(() => remembered.get(id) ?? initialGridState(definition));
  useEffect(() => {
    remembered.set(id, state);
  }, [id, state]);

  const specs = useMemo(() => filterSpecsOf(definition, columns), [definition, columns]);
  const filterProduct = extra?.filterProduct;
  const params = useMemo<GridParams>(
    () => ({ ...toGridParams(state, specs), ...(filterProduct ? { filterProduct } : {}) }),
    [state, specs, filterProduct],
  );

  // A new product filter goes back to page 1, as the toolbar filters do.
  const [lastProduct, setLastProduct] = useState(filterProduct);
  if (lastProduct !== filterProduct) {
    setLastProduct(filterProduct);
    if (state.page !== 1) setState((s) => ({ ...s, page: 1 }));
  }

  const result = useQuery({ ...query(params), enabled, placeholderData: keepPreviousData });

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const setPageSize = useCallback(
    (rows: number) => setState((s) => (isPageSize(rows) && rows !== s.rows ? { ...s, rows, page: 1 } : s)),
    [],
  );
  const setSort = useCallback(
    (sidx: string | undefined, sord: SortOrder | undefined) =>
      setState((s) => ({
        ...s,
        page: 1,
        sidx: sidx && sord ? sidx : definition.defaultSort.sidx,
        sord: sidx && sord ? sord : definition.defaultSort.sord,
      })),
    [definition],
  );
  const setFilter = useCallback(
    (field: string, value: FilterValue | undefined) =>
      setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [field]: value } })),
    [],
  );
  const clearFilters = useCallback(() => setState((s) => ({ ...s, page: 1, filters: {} })), []);

  return { definition, columns, specs, state, params, result, setPage, setPageSize, setSort, setFilter, clearFilters };
}

export type JqGrid<Row> = ReturnType<typeof useJqGrid<Row, QueryKey>>;
