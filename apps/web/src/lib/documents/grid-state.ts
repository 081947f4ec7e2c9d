import {
  GRID_DEFAULT_PAGE_SIZE,
  GRID_PAGE_SIZES,
  type GridDefinition,
  type GridFilterGroup,
  type GridRule,
} from '@portal/contract/grids';
import { documentIdCandidates } from '@portal/contract/sales';
import { formatLocalDate } from '../format';

/**
 * The state of a jqGrid-backed grid (DESIGN §3) and how it becomes the request: page, rows, sidx, sord,
 * `_search` and `filters` ({groupOp:'AND', rules:[{field, op, data}]}). Pure: the screens' hooks and the
 * unit tests share it.
 */

/** How a column's toolbar filter reads and which rule it sends. */
export type FilterSpec =
  /** Free text: `cn` (contains) by default, `eq` for codes, `bw` for ids typed from their start. */
  | { kind: 'text'; op?: 'cn' | 'eq' | 'bw' }
  /** A whole number typed: `eq`. */
  | { kind: 'number' }
  /** A day range: `ge` from, `le` to; the same day on both ends is one `eq` rule. */
  | { kind: 'dateRange' }
  /** One day: `eq`. */
  | { kind: 'date' }
  /** A list of values; `allValue` (the status filter's -1) sends nothing. */
  | { kind: 'select'; allValue?: string };

/** A text, number, select or single-date filter holds a string; a date range holds [from, to] (yyyy-mm-dd). */
export type FilterValue = string | readonly [string | undefined, string | undefined];
export type FilterValues = Readonly<Record<string, FilterValue | undefined>>;

export type SortOrder = 'asc' | 'desc';

export type GridState = {
  page: number;
  rows: number;
  sidx: string;
  sord: SortOrder;
  filters: FilterValues;
};

/** What every grid call is sent (the invoice and packing slip grids add `filterProduct`). */
export type GridParams = {
  page: number;
  rows: number;
  sidx: string;
  sord: SortOrder;
  _search: boolean;
  filters?: string;
  filterProduct?: string;
};

export function initialGridState(definition: GridDefinition): GridState {
  return {
    page: 1,
    rows: pageSizesOf(definition)[0] ?? GRID_DEFAULT_PAGE_SIZE,
    sidx: definition.defaultSort.sidx,
    sord: definition.defaultSort.sord,
    filters: {},
  };
}

/** The page sizes of a grid: its own, or GRID_PAGE_SIZES. */
export const pageSizesOf = (definition: GridDefinition): readonly number[] => definition.pageSizes ?? GRID_PAGE_SIZES;

export const isPageSize = (value: number, definition?: GridDefinition) =>
  (definition ? pageSizesOf(definition) : GRID_PAGE_SIZES).includes(value);

/** A typed day as yyyy-mm-dd, from yyyy-mm-dd, yyyy/m/d or an ISO date-time; undefined when it is not one. */
export function toIsoDay(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The rules of the toolbar filters: empty values, the All value and unknown columns send nothing. */
export function filterRules(specs: Readonly<Record<string, FilterSpec>>, values: FilterValues): GridRule[] {
  const rules: GridRule[] = [];
  for (const [field, spec] of Object.entries(specs)) {
    const value = values[field];
    if (value === undefined) continue;
    if (spec.kind === 'dateRange') {
      if (typeof value === 'string') continue;
      const from = toIsoDay(value[0]);
      const to = toIsoDay(value[1]);
      if (from && to && from === to) rules.push({ field, op: 'eq', data: from });
      else {
        if (from) rules.push({ field, op: 'ge', data: from });
        if (to) rules.push({ field, op: 'le', data: to });
      }
      continue;
    }
    if (typeof value !== 'string') continue;
    const data = value.trim();
    if (data === '') continue;
    switch (spec.kind) {
      case 'text':
        rules.push({ field, op: spec.op ?? 'cn', data });
        break;
      case 'number':
        if (/^-?\d+$/.test(data)) rules.push({ field, op: 'eq', data });
        break;
      case 'date': {
        const day = toIsoDay(data);
        if (day) rules.push({ field, op: 'eq', data: day });
        break;
      }
      case 'select':
        if (data !== spec.allValue) rules.push({ field, op: 'eq', data });
        break;
    }
  }
  return rules;
}

/** The `filters` JSON of a set of rules (undefined when there is none). */
export function filtersJson(rules: GridRule[]): string | undefined {
  if (rules.length === 0) return undefined;
  const group: GridFilterGroup = { groupOp: 'AND', rules };
  return JSON.stringify(group);
}

/** The request of a grid state. */
export function toGridParams(state: GridState, specs: Readonly<Record<string, FilterSpec>>): GridParams {
  const filters = filtersJson(filterRules(specs, state.filters));
  return {
    page: state.page,
    rows: state.rows,
    sidx: state.sidx,
    sord: state.sord,
    _search: filters !== undefined,
    ...(filters ? { filters } : {}),
  };
}

/** How many toolbar filters hold a value that is sent. */
export function activeFilterCount(specs: Readonly<Record<string, FilterSpec>>, values: FilterValues): number {
  return new Set(filterRules(specs, values).map((r) => r.field)).size;
}

/** Grid dates in the reader's language (`formatLocalDate`), with the hour when `withTime`. */
export function formatGridDate(value: string | null | undefined, withTime = false): string {
  return formatLocalDate(value, withTime);
}

/** The ids of a related-documents cell ("A,B , C"): trimmed, without empties or repeats. */
export function parseRelatedIds(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(/[,;]/)) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}

/** Whether a row's id is the one in the URL, which may be written without its 41 prefix. */
export function sameDocumentId(rowId: string, urlId: string | undefined): boolean {
  if (!urlId) return false;
  return documentIdCandidates(urlId.trim()).includes(rowId);
}

/** A product filter is sent from 2 characters (spec part 2 §5); shorter text is a warning, not a call. */
export function productFilterOf(text: string, min: number): { value?: string; tooShort: boolean } {
  const value = text.trim();
  if (value === '') return { tooShort: false };
  if (value.length < min) return { tooShort: true };
  return { value, tooShort: false };
}
