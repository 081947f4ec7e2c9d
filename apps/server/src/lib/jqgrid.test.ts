import { GRID_OPS, type GridDefinition, gridQuery } from '@portal/contract/grids';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../plugins/errors.ts';
import { gridSpec, parseGridDate, planGrid } from './jqgrid.sql.ts';

const DEF = {
  columns: {
    ID: { type: 'text', sortable: true, filterable: true },
    NAME: { type: 'text', sortable: true, filterable: true },
    QTY: { type: 'number', sortable: true, filterable: true },
    STATUS: { type: 'number', sortable: true, filterable: true },
    DAY: { type: 'date', sortable: true, filterable: true },
    CREATED: { type: 'datetime', sortable: true, filterable: true },
    DONE: { type: 'bool', sortable: true, filterable: true },
    SECRET: { type: 'text', sortable: false, filterable: false },
  },
  defaultSort: { sidx: 'CREATED', sord: 'desc' },
} as const satisfies GridDefinition;

const COLUMNS = {
  ID: { column: sql`t.id`, candidates: (v: string) => (/^[A-Z]{2}\d+$/.test(v) ? [v, `41${v}`] : [v]) },
  NAME: sql`t.name`,
  QTY: sql`t.qty`,
  STATUS: { column: sql`t.status`, integer: true, allValue: '-1' },
  DAY: sql`t.day`,
  CREATED: sql`t.created_at`,
  DONE: sql`t.done`,
  SECRET: sql`t.secret`,
};
const SPEC = gridSpec(DEF, COLUMNS, sql`t.id`);

const dialect = new PgDialect();
const render = (s: ReturnType<typeof sql> | undefined) => {
  if (!s) return undefined;
  const q = dialect.sqlToQuery(s);
  return { sql: q.sql, params: q.params };
};
const plan = (params: Record<string, unknown>) => planGrid(SPEC, gridQuery.parse(params));
const where = (rules: { field: string; op: string; data?: unknown }[], groupOp = 'AND') =>
  render(plan({ filters: JSON.stringify({ groupOp, rules }) }).where);

function refused(params: Record<string, unknown>): string {
  try {
    plan(params);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).key).toBe('WARN_ValidationError');
    return (error as AppError).detail ?? '';
  }
  throw new Error(`not refused: ${JSON.stringify(params)}`);
}

describe('the request', () => {
  it('defaults to page 1 of 10 rows in the grid’s default order, unfiltered', () => {
    const p = plan({});
    expect(p).toMatchObject({ page: 1, rows: 10, sort: { field: 'CREATED', order: 'desc' }, where: undefined });
    expect(render(p.orderBy)!.sql).toBe('t.created_at desc, t.id desc');
  });

  it('takes page sizes 10, 20 and 30 only (the contract refuses others)', () => {
    for (const rows of ['10', '20', '30']) expect(plan({ rows }).rows).toBe(Number(rows));
    for (const rows of ['15', '0', '-10', '100', 'ten']) expect(gridQuery.safeParse({ rows }).success).toBe(false);
    expect(gridQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(gridQuery.safeParse({ sord: 'up' }).success).toBe(false);
    expect(gridQuery.parse({ sord: 'DESC', nd: '123', _search: 'true' })).toMatchObject({
      sord: 'desc',
      _search: true,
    });
  });

  it('sorts by an allowed column, matched without regard to case, with the key as tie-break', () => {
    expect(render(plan({ sidx: 'qty', sord: 'asc' }).orderBy)!.sql).toBe('t.qty asc, t.id asc');
    expect(render(plan({ sidx: 'NAME', sord: 'desc' }).orderBy)!.sql).toBe('t.name desc, t.id desc');
    expect(render(plan({ sidx: 'NAME' }).orderBy)!.sql).toBe('t.name asc, t.id asc');
    expect(render(plan({ sord: 'asc' }).orderBy)!.sql).toBe('t.created_at asc, t.id asc');
  });

  it.each([
    'SECRET',
    'nope',
    't.name',
    'NAME desc',
    'NAME; drop table users',
    '1',
    '(select 1)',
    'NAME, ID',
    '__proto__',
    'constructor',
  ])('refuses sidx %j', (sidx) => {
    expect(refused({ sidx })).toMatch(/sidx/);
  });
});

describe('filters', () => {
  it('compiles each operator of a text column with the value bound, LIKE characters escaped', () => {
    const cases: [string, string, unknown[]][] = [
      ['eq', 't.name = $1', ['a%b']],
      ['ne', '(t.name is null or t.name not in ($1))', ['a%b']],
      ['lt', 't.name < $1', ['a%b']],
      ['le', 't.name <= $1', ['a%b']],
      ['gt', 't.name > $1', ['a%b']],
      ['ge', 't.name >= $1', ['a%b']],
      ['cn', 't.name ilike $1', ['%a\\%b%']],
      ['nc', "coalesce(t.name, '') not ilike $1", ['%a\\%b%']],
      ['bw', 't.name ilike $1', ['a\\%b%']],
      ['bn', "coalesce(t.name, '') not ilike $1", ['a\\%b%']],
      ['ew', 't.name ilike $1', ['%a\\%b']],
      ['en', "coalesce(t.name, '') not ilike $1", ['%a\\%b']],
      ['in', 't.name in ($1)', ['a%b']],
      ['ni', '(t.name is null or t.name not in ($1))', ['a%b']],
      ['nu', "(t.name is null or t.name = '')", []],
      ['nn', "(t.name is not null and t.name <> '')", []],
    ];
    for (const [op, text, params] of cases) {
      const q = where([{ field: 'NAME', op, data: 'a%b' }])!;
      expect(q.sql, op).toBe(`(${text})`);
      expect(q.params, op).toEqual(params);
    }
  });

  it("a column's cheaper first test comes before its cn rule's ilike, with the same escaped pattern", () => {
    const spec = gridSpec(
      DEF,
      {
        ...COLUMNS,
        NAME: { column: sql`t.name`, containsFirst: (pattern) => sql`t.lower_name like lower(${pattern})` },
      },
      sql`t.id`,
    );
    const rule = { groupOp: 'AND', rules: [{ field: 'NAME', op: 'cn', data: 'a%b' }] };
    const compiled = render(planGrid(spec, gridQuery.parse({ filters: JSON.stringify(rule) })).where);
    expect(compiled).toEqual({
      sql: '((t.lower_name like lower($1::text)) and t.name ilike $2)',
      params: ['%a\\%b%', '%a\\%b%'],
    });
    // Only cn has it: the other text rules are as without it.
    const bw = { groupOp: 'AND', rules: [{ field: 'NAME', op: 'bw', data: 'a' }] };
    expect(render(planGrid(spec, gridQuery.parse({ filters: JSON.stringify(bw) })).where)?.sql).toBe(
      '(t.name ilike $1)',
    );
  });

  it('numbers, dates, date-times and booleans are typed; a value of another type is a 400', () => {
    expect(where([{ field: 'STATUS', op: 'ge', data: '2' }])).toEqual({ sql: '(t.status >= $1::int)', params: [2] });
    expect(where([{ field: 'QTY', op: 'lt', data: '2.5' }])).toEqual({ sql: '(t.qty < $1::numeric)', params: ['2.5'] });
    expect(where([{ field: 'STATUS', op: 'in', data: '1, 3,4' }])).toEqual({
      sql: '(t.status in ($1::int, $2::int, $3::int))',
      params: [1, 3, 4],
    });
    expect(where([{ field: 'DAY', op: 'le', data: '2025/3/9' }])).toEqual({
      sql: '(t.day <= $1::date)',
      params: ['2025-03-09'],
    });
    const day = where([{ field: 'CREATED', op: 'eq', data: '2025-03-30' }])!;
    expect(day.sql).toBe(
      "((t.created_at >= ($1::date::timestamp at time zone 'Europe/Madrid') and t.created_at < (($2::date + 1)::timestamp at time zone 'Europe/Madrid')))",
    );
    expect(day.params).toEqual(['2025-03-30', '2025-03-30']);
    expect(where([{ field: 'DONE', op: 'eq', data: 'true' }])).toEqual({ sql: '(t.done = $1)', params: [true] });
    expect(where([{ field: 'DONE', op: 'ne', data: '0' }])).toEqual({
      sql: '(t.done is distinct from $1)',
      params: [false],
    });
    for (const [field, data] of [
      ['STATUS', 'abc'],
      ['STATUS', '1.5'],
      ['STATUS', '1e3'],
      ['QTY', '1,5'],
      ['DAY', '2025-02-30'],
      ['DAY', '30/01/2025'],
      ['CREATED', 'yesterday'],
      ['DONE', 'maybe'],
    ] as const) {
      expect(refused({ filters: JSON.stringify({ groupOp: 'AND', rules: [{ field, op: 'eq', data }] }) })).toMatch(
        field,
      );
    }
  });

  it('the All value of a status, and empty values, filter nothing', () => {
    expect(where([{ field: 'STATUS', op: 'eq', data: '-1' }])).toBeUndefined();
    // …so in an OR they match everything, and in an AND they are left out.
    const both = [
      { field: 'STATUS', op: 'eq', data: '-1' },
      { field: 'NAME', op: 'eq', data: 'x' },
    ];
    expect(where(both, 'OR')).toBeUndefined();
    expect(where(both, 'AND')).toEqual({ sql: '(t.name = $1)', params: ['x'] });
    expect(where([{ field: 'NAME', op: 'cn', data: '  ' }])).toBeUndefined();
    expect(where([{ field: 'STATUS', op: 'eq', data: '' }])).toBeUndefined();
    expect(plan({ filters: '', _search: 'true' }).where).toBeUndefined();
  });

  it('an id shown without its 41 prefix matches both forms', () => {
    expect(where([{ field: 'ID', op: 'eq', data: 'PV0012345' }])).toEqual({
      sql: '(t.id in ($1, $2))',
      params: ['PV0012345', '41PV0012345'],
    });
    expect(where([{ field: 'ID', op: 'eq', data: 'PV-0012345' }])).toEqual({
      sql: '(t.id = $1)',
      params: ['PV-0012345'],
    });
  });

  it('joins rules with AND or OR and nests groups; takes the single-field search', () => {
    const q = render(
      plan({
        filters: JSON.stringify({
          groupOp: 'or',
          rules: [{ field: 'NAME', op: 'bw', data: 'x' }],
          groups: [
            {
              groupOp: 'AND',
              rules: [
                { field: 'QTY', op: 'gt', data: 1 },
                { field: 'DONE', op: 'eq', data: false },
              ],
            },
          ],
        }),
      }).where,
    )!;
    expect(q.sql).toBe('(t.name ilike $1 or (t.qty > $2::numeric and t.done = $3))');
    expect(q.params).toEqual(['x%', '1', false]);
    const single = render(plan({ _search: 'true', searchField: 'qty', searchOper: 'ge', searchString: '3' }).where)!;
    expect(single).toEqual({ sql: 't.qty >= $1::numeric', params: ['3'] });
    expect(plan({ _search: 'false', searchField: 'qty', searchOper: 'ge', searchString: '3' }).where).toBeUndefined();
  });

  it.each([
    ['not JSON', '{groupOp:'],
    ['an array', '[]'],
    ['no groupOp', JSON.stringify({ rules: [] })],
    ['groupOp XOR', JSON.stringify({ groupOp: 'XOR', rules: [] })],
    ['rules not a list', JSON.stringify({ groupOp: 'AND', rules: 'x' })],
    ['a rule without field', JSON.stringify({ groupOp: 'AND', rules: [{ op: 'eq', data: 'x' }] })],
    ['an unknown field', JSON.stringify({ groupOp: 'AND', rules: [{ field: 'PASSWORD', op: 'eq', data: 'x' }] })],
    [
      'a field that may not be filtered',
      JSON.stringify({ groupOp: 'AND', rules: [{ field: 'SECRET', op: 'eq', data: 'x' }] }),
    ],
    ['an unknown operator', JSON.stringify({ groupOp: 'AND', rules: [{ field: 'NAME', op: 'zz', data: 'x' }] })],
    [
      'an operator the type does not take',
      JSON.stringify({ groupOp: 'AND', rules: [{ field: 'DAY', op: 'cn', data: '2' }] }),
    ],
    ['bw on a boolean', JSON.stringify({ groupOp: 'AND', rules: [{ field: 'DONE', op: 'bw', data: 't' }] })],
    ['an object as value', JSON.stringify({ groupOp: 'AND', rules: [{ field: 'NAME', op: 'eq', data: { a: 1 } }] })],
    [
      '21 rules',
      JSON.stringify({
        groupOp: 'AND',
        rules: Array.from({ length: 21 }, () => ({ field: 'NAME', op: 'cn', data: 'x' })),
      }),
    ],
    [
      '51 values',
      JSON.stringify({
        groupOp: 'AND',
        rules: [{ field: 'STATUS', op: 'in', data: Array.from({ length: 51 }, (_, i) => i).join(',') }],
      }),
    ],
    [
      'groups four deep',
      JSON.stringify({
        groupOp: 'AND',
        rules: [],
        groups: [
          {
            groupOp: 'AND',
            rules: [],
            groups: [{ groupOp: 'AND', rules: [], groups: [{ groupOp: 'AND', rules: [] }] }],
          },
        ],
      }),
    ],
  ])('refuses %s', (_name, filters) => {
    refused({ filters });
  });
});

describe('injection', () => {
  const fieldNames = Object.keys(DEF.columns).filter((f) => f !== 'SECRET');

  it('the SQL text never depends on the values sent: they are always parameters', () => {
    fc.assert(
      // (ID is left out: an id shaped like "PV0012345" rightly matches two stored forms.)
      fc.property(
        fc.constantFrom(...fieldNames.filter((f) => f !== 'ID')),
        fc.string({ minLength: 1, maxLength: 60 }),
        (field, data) => {
          const type = DEF.columns[field as keyof typeof DEF.columns].type;
          const ops = type === 'text' ? ['eq', 'ne', 'cn', 'nc', 'bw', 'bn', 'ew', 'en', 'lt', 'ge'] : ['eq'];
          for (const op of ops) {
            let q: { sql: string; params: unknown[] } | undefined;
            try {
              q = where([{ field, op, data }]);
            } catch (error) {
              // Values that are not of the column's type are refused, never sent.
              expect((error as AppError).statusCode).toBe(400);
              continue;
            }
            if (!q) continue;
            const shape = where([{ field, op, data: type === 'text' ? 'x' : (sample[type] ?? 'x') }])!;
            expect(q.sql).toBe(shape.sql);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('field and operator names are never copied into SQL: anything off the allow-list is a 400', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 6 }), (field, op) => {
        const known = fieldNames.some((f) => f.toLowerCase() === field.toLowerCase());
        const knownOp = (GRID_OPS as readonly string[]).includes(op.toLowerCase());
        if (known && knownOp) return;
        expect(() => where([{ field, op, data: 'x' }])).toThrow(AppError);
      }),
      { numRuns: 300 },
    );
    expect(() => plan({ sidx: "NAME' --" })).toThrow(AppError);
  });
});

const sample: Record<string, string> = { number: '1', date: '2025-01-01', datetime: '2025-01-01', bool: 'true' };

describe('parseGridDate', () => {
  it('reads yyyy-mm-dd, yyyy/m/d and ISO date-times, and refuses days that do not exist', () => {
    expect(parseGridDate('2025-03-09')).toBe('2025-03-09');
    expect(parseGridDate('2025/3/9')).toBe('2025-03-09');
    expect(parseGridDate('2024-02-29T10:00:00Z')).toBe('2024-02-29');
    for (const bad of ['2025-02-29', '2025-13-01', '09/03/2025', '2025-3', '', '1800-01-01', "2025-01-01'--"]) {
      expect(parseGridDate(bad), bad).toBeNull();
    }
  });
});
