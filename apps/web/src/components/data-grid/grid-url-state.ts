import { LIMITS } from '@portal/contract/constants';
import type { GridDefinition } from '@portal/contract/grids';
import {
  type FilterSpec,
  type FilterValue,
  type GridState,
  initialGridState,
  isPageSize,
  toIsoDay,
} from '../../lib/documents/grid-state';

/**
 * A document grid's state in the URL query string (decision 0021), so that a reload, Back and Forward and a
 * shared link show the same page, page size, sort and filters:
 *
 * - `page` (1-based, left out on page 1), `rows` (10, 20 or 30; left out at the default),
 * - `sort` and `order` (a sortable column of the grid and asc/desc; left out at the grid's default sort),
 * - `f.<FIELD>` per toolbar filter (a date range is `from..to`, either end may be empty),
 * - `product`: the invoice and packing slip grids' product filter.
 *
 * Other parameters (the control list's `?id=`) are kept as they are. Unknown or malformed values fall back to
 * the defaults, so a hand-edited URL never breaks the grid.
 */
export const GRID_URL = {
  page: 'page',
  rows: 'rows',
  sort: 'sort',
  order: 'order',
  product: 'product',
  filterPrefix: 'f.',
} as const;

const RANGE_SEPARATOR = '..';
/** A filter value longer than this is cut (the toolbar's inputs are short; a URL may be anything). */
const FILTER_MAX_LENGTH = 100;
/** The product filter's bounds (packages/contract productFilterGridQuery: 2 to 60 characters). */
const PRODUCT_MAX_LENGTH = 60;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

function readFilter(spec: FilterSpec, raw: string): FilterValue | undefined {
  const value = raw.slice(0, FILTER_MAX_LENGTH);
  if (spec.kind === 'dateRange') {
    const [from, to] = value.split(RANGE_SEPARATOR);
    const range = [toIsoDay(from), toIsoDay(to)] as const;
    return range[0] || range[1] ? range : undefined;
  }
  if (spec.kind === 'date') return toIsoDay(value);
  return value.trim() === '' ? undefined : value;
}

function writeFilter(spec: FilterSpec, value: FilterValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (spec.kind === 'dateRange') {
    if (typeof value === 'string') return undefined;
    const from = toIsoDay(value[0]) ?? '';
    const to = toIsoDay(value[1]) ?? '';
    return from || to ? `${from}${RANGE_SEPARATOR}${to}` : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (spec.kind === 'select' && value === spec.allValue) return undefined;
  return value.trim() === '' ? undefined : value.trim();
}

/** The grid state a query string holds. */
export function readGridUrl(
  params: URLSearchParams,
  definition: GridDefinition,
  specs: Readonly<Record<string, FilterSpec>>,
): GridState {
  const state = initialGridState(definition);
  const rows = positiveInt(params.get(GRID_URL.rows));
  const sort = params.get(GRID_URL.sort);
  const order = params.get(GRID_URL.order);
  const filters: Record<string, FilterValue> = {};
  for (const [field, spec] of Object.entries(specs)) {
    const raw = params.get(`${GRID_URL.filterPrefix}${field}`);
    const value = raw === null ? undefined : readFilter(spec, raw);
    if (value !== undefined) filters[field] = value;
  }
  const sortable = sort !== null && definition.columns[sort]?.sortable === true;
  return {
    page: positiveInt(params.get(GRID_URL.page)) ?? 1,
    rows: rows !== undefined && isPageSize(rows, definition) ? rows : state.rows,
    sidx: sortable ? sort : state.sidx,
    sord: sortable ? (order === 'asc' ? 'asc' : order === 'desc' ? 'desc' : state.sord) : state.sord,
    filters,
  };
}

/** The product filter a query string holds (undefined when none, or too short to be sent). */
export function readProductUrl(params: URLSearchParams): string | undefined {
  const value = (params.get(GRID_URL.product) ?? '').trim().slice(0, PRODUCT_MAX_LENGTH);
  return value.length >= LIMITS.productFilterMinLength ? value : undefined;
}

/**
 * `base` with the grid's parameters replaced by those of `state` (defaults left out) and the product filter
 * (undefined: left as it is in `base`; null: removed).
 */
export function writeGridUrl(
  base: URLSearchParams,
  state: GridState,
  definition: GridDefinition,
  specs: Readonly<Record<string, FilterSpec>>,
  product?: string | null,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of base) {
    const ours =
      key === GRID_URL.page ||
      key === GRID_URL.rows ||
      key === GRID_URL.sort ||
      key === GRID_URL.order ||
      key.startsWith(GRID_URL.filterPrefix) ||
      (key === GRID_URL.product && product !== undefined);
    if (!ours) next.append(key, value);
  }
  const initial = initialGridState(definition);
  for (const [field, spec] of Object.entries(specs)) {
    const value = writeFilter(spec, state.filters[field]);
    if (value !== undefined) next.set(`${GRID_URL.filterPrefix}${field}`, value);
  }
  if (typeof product === 'string' && product.trim() !== '') next.set(GRID_URL.product, product.trim());
  if (state.sidx !== initial.sidx || state.sord !== initial.sord) {
    next.set(GRID_URL.sort, state.sidx);
    next.set(GRID_URL.order, state.sord);
  }
  if (state.rows !== initial.rows) next.set(GRID_URL.rows, String(state.rows));
  if (state.page > 1) next.set(GRID_URL.page, String(state.page));
  return next;
}
