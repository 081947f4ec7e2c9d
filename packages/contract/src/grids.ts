import { z } from 'zod';

/**
 * The jqGrid protocol of DESIGN §3, shared by every grid call: the request (`page`, `rows`, `sidx`, `sord`,
 * `_search`, `filters`) and the answer (`page`, `total`, `records`, `rows`). Each grid publishes its columns
 * (name, type, sortable, filterable) so that the web builds its toolbar from the same allow-list the server
 * enforces. See docs/decisions/0012-erp-grids-and-counts.md.
 */

export const GRID_PAGE_SIZES = [10, 20, 30] as const;
export const GRID_DEFAULT_PAGE_SIZE = 10;
/** The status filter's "All" (part 2 §4): a rule with this value filters nothing. */
export const STATUS_ALL = -1;
/** Counts stop here: past it the answer says `records: GRID_COUNT_CAP, more: true` (decision 0012). */
export const GRID_COUNT_CAP = 10_000;
export const GRID_MAX_RULES = 20;
export const GRID_MAX_IN_VALUES = 50;

/** jqGrid search operators: equal, not equal, less, less or equal, greater, greater or equal, contains,
 * not contains, begins with, not begins with, ends with, not ends with, in, not in, is null, is not null. */
export const GRID_OPS = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'cn',
  'nc',
  'bw',
  'bn',
  'ew',
  'en',
  'in',
  'ni',
  'nu',
  'nn',
] as const;
export type GridOp = (typeof GRID_OPS)[number];

export type GridFieldType = 'text' | 'number' | 'date' | 'datetime' | 'bool';
/** Which operators a column type accepts; any other is refused with a 400. */
export const GRID_OPS_BY_TYPE: Record<GridFieldType, readonly GridOp[]> = {
  text: GRID_OPS,
  number: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'ni', 'nu', 'nn'],
  date: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'nu', 'nn'],
  datetime: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'nu', 'nn'],
  bool: ['eq', 'ne', 'nu', 'nn'],
};

/** A grid column as the server allows it: sortable and filterable ones only are listed. */
export type GridColumn = { type: GridFieldType; sortable: boolean; filterable: boolean };
export type GridDefinition<F extends string = string> = {
  columns: Record<F, GridColumn>;
  defaultSort: { sidx: F; sord: 'asc' | 'desc' };
  /** The page sizes the grid offers, when not GRID_PAGE_SIZES (the user log: 10, 100, 1000, 10000). */
  pageSizes?: readonly number[];
};

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

export const gridRule = z.object({
  field: z.string().min(1).max(64),
  op: z.string().min(1).max(4),
  /** jqGrid sends strings; numbers and booleans are accepted and read as their text. */
  data: z
    .union([z.string().max(500), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
});
export type GridRule = z.input<typeof gridRule>;

export type GridFilterGroup = { groupOp: 'AND' | 'OR'; rules: GridRule[]; groups?: GridFilterGroup[] };
/** The parsed `filters`: rule values are strings. */
export type GridFilterGroupParsed = {
  groupOp: 'AND' | 'OR';
  rules: z.output<typeof gridRule>[];
  groups?: GridFilterGroupParsed[];
};
/** The JSON of the `filters` parameter: rules joined by AND or OR, and nested groups (advanced search). */
export const gridFilters: z.ZodType<GridFilterGroupParsed> = z.lazy(() =>
  z.object({
    groupOp: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['AND', 'OR'])),
    rules: z.array(gridRule).max(GRID_MAX_RULES).default([]),
    groups: z.array(gridFilters).max(5).optional(),
  }),
);

/** Query string of every `…jqgrid` call. Unknown parameters (jqGrid's `nd` cache buster) are ignored. */
export const gridQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  rows: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((v) => (GRID_PAGE_SIZES as readonly number[]).includes(v), 'rows: 10, 20 or 30')
      .default(GRID_DEFAULT_PAGE_SIZE),
  ),
  sidx: z.preprocess(emptyToUndefined, z.string().trim().max(64).optional()),
  sord: z.preprocess((v) => emptyToUndefined(lower(v)), z.enum(['asc', 'desc']).optional()),
  _search: z.preprocess(
    (v) => (v === undefined || v === '' ? false : v === true || v === 'true' || v === '1'),
    z.boolean(),
  ),
  /** JSON of `gridFilters`. */
  filters: z.preprocess(emptyToUndefined, z.string().max(8000).optional()),
  /** jqGrid's single-field search (used when `filters` is absent). */
  searchField: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  searchString: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  searchOper: z.preprocess(emptyToUndefined, z.string().max(4).optional()),
});
export type GridQuery = z.infer<typeof gridQuery>;

/** Answer of every grid call. `more`: more rows match than were counted (records is then the cap). */
export const gridResponse = <T extends z.ZodType>(row: T) =>
  z.object({
    page: z.number().int(),
    total: z.number().int(),
    records: z.number().int(),
    more: z.boolean().optional(),
    rows: z.array(row),
  });
export type GridResponse<T> = { page: number; total: number; records: number; more?: boolean; rows: T[] };

/** Filter options (store, delivery mode) for the grids' dropdowns. */
export const filterOption = z.object({ id: z.string(), name: z.string() });
export const filterOptions = z.array(filterOption);
export type FilterOption = z.infer<typeof filterOption>;
