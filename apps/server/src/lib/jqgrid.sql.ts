import {
  GRID_COUNT_CAP,
  GRID_MAX_IN_VALUES,
  GRID_MAX_RULES,
  GRID_OPS,
  GRID_OPS_BY_TYPE,
  type GridColumn,
  type GridDefinition,
  type GridFieldType,
  type GridOp,
  type GridQuery,
  gridFilters,
} from '@portal/contract/grids';
import { SQL, sql } from 'drizzle-orm';
import { badRequest } from './app-error.ts';
import { businessTimeZone } from './business-time.sql.ts';
import { findUnsafeText } from './input-strings.ts';

/**
 * The jqGrid protocol (DESIGN §3) turned into SQL. A grid declares an allow-list of fields, each with the
 * SQL of its column (written in code, never taken from the request) and its type; the request may only
 * name those fields and the operators of their type, and every value it sends is a bound parameter.
 * Anything else (unknown field or operator, bad JSON, a value of the wrong type, a multi-column sidx) is a
 * 400 `WARN_ValidationError` whose `messagedetail` says what was wrong. See docs/decisions/0012.
 */

/**
 * Where the count stops on the grids of every client's documents (admins) and on the whole catalogue's article grid,
 * instead of GRID_COUNT_CAP: there a
 * filter walks the whole table's covering index, and 1,001 matches are found ten times sooner than 10,001;
 * "more than 1,000 orders" is all an admin needs to know before refining (decision 0012).
 */
export const EVERY_CLIENT_COUNT_CAP = 1000;

export type GridField = {
  /** The column, as SQL over the grid's table alias (trusted: written in code). */
  column: SQL;
  type: GridFieldType;
  /** A number column holding whole numbers only (a fraction is refused rather than sent to the database). */
  integer?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /** An `eq` (or `ne`) rule with this value filters nothing: the status filter's All = -1. */
  allValue?: string;
  /**
   * The SQL the filters compare, when it differs from the sorted column: an expression with an index of its
   * own (the client account's trigram index, which must not serve the customers' `client = …` scope).
   */
  filterColumn?: SQL;
  /** The stored values a typed one may stand for (for `eq`, `ne`, `in`, `ni`): the 41-prefixed ids. */
  candidates?: (value: string) => string[];
  /**
   * An `eq` rule as a condition of its own, for a computed column whose values each have a cheaper test than the
   * computation (the article grid's Availability: each status is a pair of `exists`, not a `case` to evaluate).
   */
  equals?: (value: string) => SQL;
  /**
   * A cheaper test a `cn` rule's rows must pass before the column's `ilike`, given the rule's pattern (`%fragment%`): for a column whose lower-cased text another column already holds, a plain `like` on that one is a
   * byte scan where `ilike` folds the case of every row's text (the article grid's name over a million articles:
   * issue 27). It must keep every row the `ilike` keeps; the `ilike` still decides.
   */
  containsFirst?: (pattern: SQL) => SQL;
};

export type GridSpec = {
  fields: Record<string, GridField>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** The unique key appended to every sort, in the same direction, so that pages never overlap. */
  tiebreak: SQL;
};

export type GridPlan = {
  page: number;
  rows: number;
  sort: { field: string; order: 'asc' | 'desc' };
  orderBy: SQL;
  /** The conditions of the request's filters (undefined: none). */
  where: SQL | undefined;
};

const refuse = (detail: string) => badRequest('WARN_ValidationError', detail);
const MAX_DEPTH = 3;

function fieldOf(spec: GridSpec, name: string): [string, GridField] | undefined {
  if (Object.hasOwn(spec.fields, name)) return [name, spec.fields[name]!];
  const lower = name.toLowerCase();
  for (const [key, field] of Object.entries(spec.fields)) if (key.toLowerCase() === lower) return [key, field];
  return undefined;
}

/** Validates a grid request against the grid's allow-list and builds its ORDER BY and WHERE. */
export function planGrid(spec: GridSpec, query: GridQuery): GridPlan {
  let sort = spec.defaultSort;
  if (query.sidx) {
    const found = fieldOf(spec, query.sidx);
    if (!found || found[1].sortable === false) throw refuse(`sidx: "${clip(query.sidx)}" is not a sortable column`);
    sort = { field: found[0], order: query.sord ?? 'asc' };
  } else if (query.sord) {
    sort = { field: spec.defaultSort.field, order: query.sord };
  }
  const dir = sql.raw(sort.order === 'desc' ? 'desc' : 'asc');
  const orderBy = sql`${spec.fields[sort.field]!.column} ${dir}, ${spec.tiebreak} ${dir}`;

  let where: SQL | undefined;
  if (query.filters !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(query.filters);
    } catch {
      throw refuse('filters: not valid JSON');
    }
    // The one parameter whose text is decoded again here: its values meet the rule of every input string (0017).
    const unsafe = findUnsafeText(json);
    if (unsafe) throw refuse(`filters: ${unsafe.path} ${unsafe.reason}`.trim());
    const parsed = gridFilters.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refuse(`filters: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim());
    }
    const counter = { rules: 0 };
    where = groupSql(spec, parsed.data, 1, counter);
  } else if (query._search && query.searchField) {
    where = ruleSql(spec, {
      field: query.searchField,
      op: query.searchOper ?? 'eq',
      data: query.searchString ?? '',
    });
  }
  return { page: query.page, rows: query.rows, sort, orderBy, where };
}

type FilterRule = { field: string; op: string; data: string };
type FilterGroup = { groupOp: 'AND' | 'OR'; rules: FilterRule[]; groups?: FilterGroup[] };

function groupSql(spec: GridSpec, group: FilterGroup, depth: number, counter: { rules: number }): SQL | undefined {
  if (depth > MAX_DEPTH) throw refuse(`filters: groups nested deeper than ${MAX_DEPTH}`);
  counter.rules += group.rules.length;
  if (counter.rules > GRID_MAX_RULES) throw refuse(`filters: more than ${GRID_MAX_RULES} rules`);
  // A rule or group that filters nothing is "true": dropped from an AND, and it makes an OR match everything.
  const parts: (SQL | undefined)[] = [
    ...group.rules.map((rule) => ruleSql(spec, rule)),
    ...(group.groups ?? []).map((sub) => groupSql(spec, sub, depth + 1, counter)),
  ];
  const present = parts.filter((p): p is SQL => p !== undefined);
  if (present.length === 0 || (group.groupOp === 'OR' && present.length < parts.length)) return undefined;
  return sql`(${sql.join(present, sql.raw(group.groupOp === 'OR' ? ' or ' : ' and '))})`;
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
const isOp = (op: string): op is GridOp => (GRID_OPS as readonly string[]).includes(op);

/** One rule as SQL; undefined when it filters nothing (an empty value, or the All value). */
export function ruleSql(spec: GridSpec, rule: FilterRule): SQL | undefined {
  const found = fieldOf(spec, rule.field);
  if (!found || found[1].filterable === false)
    throw refuse(`filters: "${clip(rule.field)}" is not a filterable column`);
  const [name, field] = found;
  const op = rule.op.toLowerCase();
  if (!isOp(op)) throw refuse(`filters: unknown operator "${clip(rule.op)}"`);
  if (!GRID_OPS_BY_TYPE[field.type].includes(op)) throw refuse(`filters: operator "${op}" does not apply to ${name}`);
  const col = field.filterColumn ?? field.column;
  if (op === 'nu') return field.type === 'text' ? sql`(${col} is null or ${col} = '')` : sql`${col} is null`;
  if (op === 'nn') return field.type === 'text' ? sql`(${col} is not null and ${col} <> '')` : sql`${col} is not null`;

  const data = rule.data.trim();
  if (data === '') return undefined;
  if (field.allValue !== undefined && data === field.allValue && (op === 'eq' || op === 'ne')) return undefined;

  if (op === 'in' || op === 'ni') {
    const items = data
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (items.length === 0) return undefined;
    if (items.length > GRID_MAX_IN_VALUES) throw refuse(`filters: more than ${GRID_MAX_IN_VALUES} values for ${name}`);
    const values = items.flatMap((v) => expand(field, v)).map((v) => typed(name, field, v));
    const list = sql.join(values, sql`, `);
    return op === 'in' ? sql`${col} in (${list})` : sql`(${col} is null or ${col} not in (${list}))`;
  }

  if (field.type === 'text') return textRule(field, col, op, data);
  if (field.type === 'date' || field.type === 'datetime') return dateRule(name, field, col, op, data);
  const value = typed(name, field, data);
  if (op === 'eq' && field.equals) return field.equals(data);
  switch (op) {
    case 'eq':
      return sql`${col} = ${value}`;
    case 'ne':
      return sql`${col} is distinct from ${value}`;
    case 'lt':
      return sql`${col} < ${value}`;
    case 'le':
      return sql`${col} <= ${value}`;
    case 'gt':
      return sql`${col} > ${value}`;
    case 'ge':
      return sql`${col} >= ${value}`;
    default:
      throw refuse(`filters: operator "${op}" does not apply to ${name}`);
  }
}

const expand = (field: GridField, value: string) => (field.candidates ? field.candidates(value) : [value]);

/** A value as a bound parameter of the column's type; a value that is not of that type is a 400. */
function typed(name: string, field: GridField, value: string): SQL {
  switch (field.type) {
    case 'number': {
      const pattern = field.integer ? /^-?\d{1,9}$/ : /^-?\d{1,12}(\.\d{1,4})?$/;
      if (!pattern.test(value)) throw refuse(`filters: ${name} takes ${field.integer ? 'a whole number' : 'a number'}`);
      // Typed explicitly: an int parameter compares with smallint, int and bigint columns through their
      // indexes; a fraction goes as numeric.
      return field.integer ? sql`${Number(value)}::int` : sql`${value}::numeric`;
    }
    case 'bool': {
      const v = value.toLowerCase();
      if (['true', '1', 'yes', 'si', 'sí'].includes(v)) return sql`${true}`;
      if (['false', '0', 'no'].includes(v)) return sql`${false}`;
      throw refuse(`filters: ${name} takes true or false`);
    }
    default:
      return sql`${value}`;
  }
}

/** LIKE pattern characters in a value are matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function textRule(field: GridField, col: SQL, op: GridOp, data: string): SQL {
  const like = escapeLike(data);
  switch (op) {
    case 'eq': {
      const values = expand(field, data);
      return values.length === 1
        ? sql`${col} = ${data}`
        : sql`${col} in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`;
    }
    case 'ne': {
      const values = expand(field, data);
      return sql`(${col} is null or ${col} not in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}))`;
    }
    case 'lt':
      return sql`${col} < ${data}`;
    case 'le':
      return sql`${col} <= ${data}`;
    case 'gt':
      return sql`${col} > ${data}`;
    case 'ge':
      return sql`${col} >= ${data}`;
    case 'cn':
      return field.containsFirst
        ? sql`(${field.containsFirst(sql`${`%${like}%`}::text`)}) and ${col} ilike ${`%${like}%`}`
        : sql`${col} ilike ${`%${like}%`}`;
    case 'nc':
      return sql`coalesce(${col}, '') not ilike ${`%${like}%`}`;
    case 'bw':
      return sql`${col} ilike ${`${like}%`}`;
    case 'bn':
      return sql`coalesce(${col}, '') not ilike ${`${like}%`}`;
    case 'ew':
      return sql`${col} ilike ${`%${like}`}`;
    case 'en':
      return sql`coalesce(${col}, '') not ilike ${`%${like}`}`;
    default:
      throw refuse(`filters: operator "${op}" does not apply to text`);
  }
}

/** A day typed as yyyy-mm-dd, yyyy/m/d (the grids' format) or an ISO date-time (its date part). */
export function parseGridDate(value: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || y > 2999) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function dateRule(name: string, field: GridField, col: SQL, op: GridOp, data: string): SQL {
  const day = parseGridDate(data);
  if (!day) throw refuse(`filters: ${name} takes a date (yyyy-mm-dd or yyyy/m/d)`);
  if (field.type === 'date') {
    const d = sql`${day}::date`;
    const cmp = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' }[op as 'eq'];
    if (!cmp) throw refuse(`filters: operator "${op}" does not apply to ${name}`);
    return sql`${col} ${sql.raw(cmp)} ${d}`;
  }
  // A date-time column: the day runs from its midnight to the next one, in the business time zone.
  // Dates typed in a grid are days of the business (Spain), whatever the server's time zone.
  const start = sql`(${day}::date::timestamp at time zone ${businessTimeZone})`;
  const end = sql`((${day}::date + 1)::timestamp at time zone ${businessTimeZone})`;
  switch (op) {
    case 'eq':
      return sql`(${col} >= ${start} and ${col} < ${end})`;
    case 'ne':
      return sql`(${col} < ${start} or ${col} >= ${end})`;
    case 'lt':
      return sql`${col} < ${start}`;
    case 'le':
      return sql`${col} < ${end}`;
    case 'gt':
      return sql`${col} >= ${end}`;
    case 'ge':
      return sql`${col} >= ${start}`;
    default:
      throw refuse(`filters: operator "${op}" does not apply to ${name}`);
  }
}

export const andAll = (parts: (SQL | undefined)[]): SQL => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

export type GridSource = {
  /** The grid's table, its alias (the fields' SQL is written over it) and its unique key column. */
  table: string;
  alias: string;
  key: string;
  /** Conditions every request gets (the caller's client), before its own filters. */
  scope: (SQL | undefined)[];
  /**
   * The select of the rows to send, over one page of the table exposed under the same alias: the names,
   * related ids and joins are computed for the page's rows only.
   */
  project: (page: SQL) => SQL;
  /** Where the count stops when GRID_COUNT_CAP would cost too much (a filter that probes every row). */
  countCap?: number;
  /**
   * The order of the table's covering index (client, date, key), given to the count. A count needs no order,
   * but without one PostgreSQL may walk another index in an order where every match comes last (each `PV-…`
   * id after all the `41…` ones); along the covering index matches are spread as they are among clients,
   * the walk reads the index only, and a sparse pattern is still found through its trigram index.
   */
  countOrder?: SQL;
  /**
   * Where the count may come from instead of the database: given the count's own load, answers it (a grid whose
   * counts are kept between requests, decision 0051). The count depends on the scope and filters only, never on
   * the page, the sort or the page size.
   */
  keptCount?: (load: () => Promise<number>) => Promise<number>;
};

/**
 * The two statements of a grid request: one page in the requested order, and the count of matches stopped at GRID_COUNT_CAP (+1 to
 * know there are more), so that a count never reads more than that many index entries (decision 0012).
 * The page is chosen by its keys alone, so that a covering index answers it without reading the table;
 * only the page's rows are then read. `runGrid` (db/run-grid.ts) runs them; a page past the last one answers the last page.
 */
export function gridStatements(plan: GridPlan, source: GridSource) {
  const where = andAll([...source.scope, plan.where]);
  const table = sql.raw(`${source.table} ${source.alias}`);
  const key = sql.raw(`${source.alias}.${source.key}`);
  return {
    count: sql`select count(*)::int as n from (select 1 from ${table} where ${where}
                 ${source.countOrder ? sql`order by ${source.countOrder}` : sql``} limit ${(source.countCap ?? GRID_COUNT_CAP) + 1}) c`,
    page: (page: number) =>
      sql`${source.project(
        sql`(select * from ${table} where ${key} in (
               select ${key} from ${table} where ${where} order by ${plan.orderBy}
                limit ${plan.rows} offset ${(page - 1) * plan.rows}))`,
      )} order by ${plan.orderBy}`,
  };
}

type ColumnSpec = SQL | (Omit<Partial<GridField>, 'column'> & { column: SQL });

/**
 * A grid's allow-list from its published definition (packages/contract: names, types, sortable, filterable)
 * and the SQL of each column: the web and the server read the same list.
 */
export function gridSpec<D extends GridDefinition>(
  definition: D,
  columns: Record<keyof D['columns'] & string, ColumnSpec>,
  tiebreak: SQL,
): GridSpec {
  const fields: Record<string, GridField> = {};
  for (const [name, column] of Object.entries(definition.columns) as [string, GridColumn][]) {
    const given = (columns as Record<string, ColumnSpec>)[name]!;
    const extra = given instanceof SQL ? { column: given } : given;
    fields[name] = { type: column.type, sortable: column.sortable, filterable: column.filterable, ...extra };
  }
  return {
    fields,
    defaultSort: { field: definition.defaultSort.sidx, order: definition.defaultSort.sord },
    tiebreak,
  };
}
