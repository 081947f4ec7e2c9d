import type { GridDefinition, GridFieldType, GridOp } from '@portal/contract/grids';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { BUSINESS_TIME_ZONE } from '../lib/business-time.ts';
import { bearer } from './test-app.ts';

/**
 * Checks shared by the grid API tests: a grid sorted by each of its columns really comes in that order,
 * and each filter operator only lets through rows that satisfy it (evaluated here, in JavaScript).
 */

export type Row = Record<string, unknown>;
export type GridAnswer = { page: number; total: number; records: number; more?: boolean; rows: Row[] };

export function gridClient(app: FastifyInstance, url: string) {
  return async (token: string, params: Record<string, string | number | undefined> = {}) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
    const res = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() as GridAnswer & { message?: string } };
  };
}
export type GridClient = ReturnType<typeof gridClient>;

export const filters = (rules: { field: string; op: string; data: string }[], groupOp = 'AND') =>
  JSON.stringify({ groupOp, rules });

/** Byte-order comparison of texts (the test databases sort with the C collation). */
const compareText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
};

function compare(type: GridFieldType, a: unknown, b: unknown): number {
  if (a === b) return 0;
  // Nulls sort last ascending (PostgreSQL's default).
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (type === 'number') return Number(a) - Number(b);
  if (type === 'bool') return Number(a) - Number(b);
  return compareText(String(a), String(b));
}

/** Every page row is in order of `field` (then `key`, the same direction). */
export function expectSorted(
  rows: Row[],
  field: string,
  type: GridFieldType,
  key: string,
  order: 'asc' | 'desc',
  keyType: GridFieldType = 'text',
) {
  const sign = order === 'asc' ? 1 : -1;
  for (let i = 1; i < rows.length; i++) {
    const byField = compare(type, rows[i - 1]![field], rows[i]![field]) * sign;
    const ok = byField < 0 || (byField === 0 && compare(keyType, rows[i - 1]![key], rows[i]![key]) * sign < 0);
    if (!ok) {
      throw new Error(
        `not sorted by ${field} ${order} at ${i}: ${JSON.stringify(rows[i - 1]![field])}/${rows[i - 1]![key]} then ${JSON.stringify(rows[i]![field])}/${rows[i]![key]}`,
      );
    }
  }
}

/** Sorts by every sortable column both ways and checks the order of the page. */
export async function checkEverySort(grid: GridClient, token: string, definition: GridDefinition, key: string) {
  let checked = 0;
  for (const [field, column] of Object.entries(definition.columns)) {
    if (!column.sortable) continue;
    for (const order of ['asc', 'desc'] as const) {
      const { status, body } = await grid(token, { sidx: field, sord: order, rows: 30 });
      expect(status, `${field} ${order}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
      expect(body.rows.length).toBeGreaterThan(0);
      expectSorted(body.rows, field, column.type, key, order, definition.columns[key]?.type ?? 'text');
      checked++;
    }
  }
  return checked;
}

const madridDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** Whether a row's value satisfies a rule, as the grid protocol defines it. */
export function satisfies(type: GridFieldType, op: GridOp, value: unknown, data: string): boolean {
  const empty = value === null || value === undefined || (type === 'text' && value === '');
  if (op === 'nu') return empty;
  if (op === 'nn') return !empty;
  if (type === 'text') {
    const v = String(value ?? '');
    const lv = v.toLowerCase();
    const ld = data.toLowerCase();
    const list = data.split(',').map((s) => s.trim());
    switch (op) {
      case 'eq':
        return v === data;
      case 'ne':
        return v !== data;
      case 'lt':
        return compareText(v, data) < 0;
      case 'le':
        return compareText(v, data) <= 0;
      case 'gt':
        return compareText(v, data) > 0;
      case 'ge':
        return compareText(v, data) >= 0;
      case 'cn':
        return lv.includes(ld);
      case 'nc':
        return !lv.includes(ld);
      case 'bw':
        return lv.startsWith(ld);
      case 'bn':
        return !lv.startsWith(ld);
      case 'ew':
        return lv.endsWith(ld);
      case 'en':
        return !lv.endsWith(ld);
      case 'in':
        return list.includes(v);
      case 'ni':
        return !list.includes(v);
    }
  }
  if (type === 'number' || type === 'bool') {
    const v = type === 'bool' ? String(value) : Number(value);
    const d = type === 'bool' ? String(['true', '1'].includes(data.toLowerCase())) : Number(data);
    const list = data.split(',').map((s) => Number(s.trim()));
    switch (op) {
      case 'eq':
        return v === d;
      case 'ne':
        return v !== d;
      case 'lt':
        return v < d;
      case 'le':
        return v <= d;
      case 'gt':
        return v > d;
      case 'ge':
        return v >= d;
      case 'in':
        return list.includes(Number(value));
      case 'ni':
        return !list.includes(Number(value));
    }
  }
  // date: YYYY-MM-DD compares as text; datetime: its day in Madrid. The rule's day may be yyyy/m/d.
  const day = type === 'datetime' ? madridDay(String(value)) : String(value);
  const [y, m, dd] = data.split(/[-/]/);
  data = `${y}-${m!.padStart(2, '0')}-${dd!.padStart(2, '0')}`;
  switch (op) {
    case 'eq':
      return day === data;
    case 'ne':
      return day !== data;
    case 'lt':
      return day < data;
    case 'le':
      return day <= data;
    case 'gt':
      return day > data;
    case 'ge':
      return day >= data;
  }
  throw new Error(`no check for ${type} ${op}`);
}

export type OpCase = { field: string; op: GridOp; data: string; expectRows?: boolean };

/** Runs each rule alone, checks every row of the page satisfies it, and that `expectRows` rules match some. */
export async function checkOps(grid: GridClient, token: string, definition: GridDefinition, cases: OpCase[]) {
  for (const c of cases) {
    const type = definition.columns[c.field]!.type;
    const { status, body } = await grid(token, { _search: 'true', rows: 30, filters: filters([c]) });
    expect(status, `${c.field} ${c.op} ${c.data}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    if (c.expectRows) expect(body.rows.length, `${c.field} ${c.op} ${c.data} finds rows`).toBeGreaterThan(0);
    for (const row of body.rows) {
      expect(
        satisfies(type, c.op, row[c.field], c.data),
        `${c.field} ${c.op} ${c.data}: ${JSON.stringify(row[c.field])}`,
      ).toBe(true);
    }
    expect(body.records).toBeGreaterThanOrEqual(body.rows.length);
  }
}

/** Rules built from a sample value of a text column, covering every text operator. */
export function textCases(field: string, sample: string): OpCase[] {
  const mid = sample.slice(1, Math.max(2, sample.length - 1));
  const head = sample.slice(0, Math.min(3, sample.length));
  const tail = sample.slice(-Math.min(3, sample.length));
  return [
    { field, op: 'eq', data: sample, expectRows: true },
    { field, op: 'ne', data: sample, expectRows: true },
    { field, op: 'lt', data: sample },
    { field, op: 'le', data: sample, expectRows: true },
    { field, op: 'gt', data: sample },
    { field, op: 'ge', data: sample, expectRows: true },
    { field, op: 'cn', data: mid.toLowerCase(), expectRows: true },
    { field, op: 'nc', data: mid },
    { field, op: 'bw', data: head, expectRows: true },
    { field, op: 'bn', data: head },
    { field, op: 'ew', data: tail, expectRows: true },
    { field, op: 'en', data: tail },
    { field, op: 'in', data: `${sample},ZZZ-NOT-THERE`, expectRows: true },
    { field, op: 'ni', data: sample, expectRows: true },
    { field, op: 'nu', data: '' },
    { field, op: 'nn', data: '', expectRows: true },
  ];
}

export function numberCases(field: string, sample: number): OpCase[] {
  const d = String(sample);
  return [
    { field, op: 'eq', data: d, expectRows: true },
    { field, op: 'ne', data: d },
    { field, op: 'lt', data: d },
    { field, op: 'le', data: d, expectRows: true },
    { field, op: 'gt', data: d },
    { field, op: 'ge', data: d, expectRows: true },
    { field, op: 'in', data: `${d},99999`, expectRows: true },
    { field, op: 'ni', data: d },
    { field, op: 'nu', data: '' },
    { field, op: 'nn', data: '', expectRows: true },
  ];
}

export function dateCases(field: string, day: string): OpCase[] {
  const slashed = day.replaceAll('-', '/').replace(/\/0(\d)/g, '/$1');
  return [
    { field, op: 'eq', data: day, expectRows: true },
    { field, op: 'ne', data: day, expectRows: true },
    { field, op: 'lt', data: day, expectRows: true },
    { field, op: 'le', data: day, expectRows: true },
    { field, op: 'gt', data: day },
    { field, op: 'ge', data: day, expectRows: true },
    { field, op: 'nu', data: '' },
    { field, op: 'nn', data: '', expectRows: true },
    // The grids' own format, yyyy/m/d, means the same day.
    { field, op: 'eq', data: slashed, expectRows: true },
  ];
}
