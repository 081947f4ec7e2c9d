import type { GridDefinition, GridResponse } from '@portal/contract/grids';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterSpec,
  type FilterValue,
  type GridParams,
  type GridState,
  isPageSize,
  type SortOrder,
  toGridParams,
} from '@/lib/documents/grid-state';
import type { GridColumnDef } from './grid-types';
import { readGridUrl, readProductUrl, writeGridUrl } from './grid-url-state';

/** A grid call's options (a feature's `…QueryOptions(params)`). */
export type GridQueryFactory<Row, Key extends QueryKey> = (
  params: GridParams,
) => UseQueryOptions<GridResponse<Row>, Error, GridResponse<Row>, Key>;

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
  definition: GridDefinition;
  columns: readonly GridColumnDef<Row>[];
  query: GridQueryFactory<Row, Key>;
  /** The grid has the product filter (invoices, packing slips): `filterProduct` is sent from the URL's `product`. */
  productFilter?: boolean;
  enabled?: boolean;
};

/**
 * A grid driven by the jqGrid protocol: the state (page, page size, sort, toolbar filters, product filter)
 * lives in the URL query string (decision 0021), so each change is a history entry and a reload or Back
 * shows the same rows; the request it makes, and the answer (the previous page stays on screen while the
 * next one loads).
 */
export function useJqGrid<Row, Key extends QueryKey = QueryKey>({
  definition,
  columns,
  query,
  productFilter = false,
  enabled = true,
}: Options<Row, Key>) {
  const [search, setSearch] = useSearchParams();
  const specs = useMemo(() => filterSpecsOf(definition, columns), [definition, columns]);
  const state = useMemo(() => readGridUrl(search, definition, specs), [search, definition, specs]);
  const product = productFilter ? readProductUrl(search) : undefined;
  const params = useMemo<GridParams>(
    () => ({ ...toGridParams(state, specs), ...(product ? { filterProduct: product } : {}) }),
    [state, specs, product],
  );

  // Several changes in one event compose: each one starts from the newest query string.
  const latest = useRef(search);
  latest.current = search;
  const change = useCallback(
    (update: (s: GridState) => GridState, nextProduct?: string | null) => {
      const base = latest.current;
      const next = writeGridUrl(base, update(readGridUrl(base, definition, specs)), definition, specs, nextProduct);
      if (next.toString() === base.toString()) return;
      latest.current = next;
      setSearch(next, { preventScrollReset: true });
    },
    [definition, specs, setSearch],
  );

  const result = useQuery({ ...query(params), enabled, placeholderData: keepPreviousData });

  const setPage = useCallback((page: number) => change((s) => ({ ...s, page: Math.max(1, page) })), [change]);
  const setPageSize = useCallback(
    (rows: number) => change((s) => (isPageSize(rows, definition) && rows !== s.rows ? { ...s, rows, page: 1 } : s)),
    [change, definition],
  );
  const setSort = useCallback(
    (sidx: string | undefined, sord: SortOrder | undefined) =>
      change((s) => ({
        ...s,
        page: 1,
        sidx: sidx && sord ? sidx : definition.defaultSort.sidx,
        sord: sidx && sord ? sord : definition.defaultSort.sord,
      })),
    [change, definition],
  );
  const setFilter = useCallback(
    (field: string, value: FilterValue | undefined) =>
      change((s) => ({ ...s, page: 1, filters: { ...s.filters, [field]: value } })),
    [change],
  );
  const clearFilters = useCallback(() => change((s) => ({ ...s, page: 1, filters: {} }), null), [change]);
  /** A new product filter (undefined: none) goes back to page 1, as the toolbar filters do. */
  const setProduct = useCallback(
    (value: string | undefined) => change((s) => ({ ...s, page: 1 }), value ?? null),
    [change],
  );

  return {
    definition,
    columns,
    specs,
    state,
    params,
    result,
    product,
    setPage,
    setPageSize,
    setSort,
    setFilter,
    clearFilters,
    setProduct,
  };
}

export type JqGrid<Row> = ReturnType<typeof useJqGrid<Row, QueryKey>>;
