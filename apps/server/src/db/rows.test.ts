import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testRows } from '../test/rows.ts';
import { freshDatabase } from '../test/test-app.ts';
import { type Database, queryRows, RowMismatch } from './client.ts';
import { countRow, int, numeric, pgText } from './rows.ts';

/**
 * Rows parsed where they are read (decision 0093), on the driver of the run (PGlite, or PostgreSQL with
 * TEST_DB_KIND=postgres): what each type comes back as, and what a row schema makes of it.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase({ empty: true }));
});
afterAll(() => drop());

const probe = sql`select 12.5::numeric(12,2) as money, sum(x)::numeric as total, 7::bigint as big,
                         count(*) as n, now() as at, current_date as day, '{"a":1}'::jsonb as doc, null::numeric as none
                    from (values (1.25::numeric(12,2)), (2.5)) v(x)`;

describe('queryRows without a schema (the unchecked form)', () => {
  it('answers numeric as text on this driver: a `number` in a hand-written type is not what comes back', async () => {
    const [row] = await testRows<Record<string, unknown>>(database.db, probe);
    expect(row).toEqual({
      money: '12.50',
      total: '3.75',
      big: 7,
      n: 2,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/),
      day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      doc: { a: 1 },
      none: null,
    });
  });
});

describe('queryRows with a row schema', () => {
  const row = z.object({
    money: numeric,
    total: numeric,
    big: int,
    n: int,
    at: pgText,
    day: pgText,
    doc: z.object({ a: z.number() }),
    none: numeric.nullable(),
  });

  it('reads numeric as a number, keeps integers, timestamps as text, parses stored JSON', async () => {
    const [parsed] = await queryRows(database.db, probe, row);
    expect(parsed).toMatchObject({ money: 12.5, total: 3.75, big: 7, n: 2, doc: { a: 1 }, none: null });
    expect(typeof parsed?.at).toBe('string');
  });

  it('refuses a row that does not match, naming the column (a null where the schema wants a value)', async () => {
    const read = queryRows(database.db, probe, row.extend({ none: numeric }));
    await expect(read).rejects.toThrow(RowMismatch);
    await expect(read).rejects.toThrow(/Row 0 .*none/);
  });

  it('refuses stored JSON of another shape', async () => {
    const read = queryRows(
      database.db,
      sql`select '{"a":"one"}'::jsonb as doc`,
      z.object({ doc: z.object({ a: z.number() }) }),
    );
    await expect(read).rejects.toThrow(/doc\.a/);
  });

  it('refuses a numeric written in another form (text that is not a number)', () => {
    expect(numeric.safeParse('12,50').success).toBe(false);
    expect(numeric.safeParse('').success).toBe(false);
    expect(numeric.parse('-0.75')).toBe(-0.75);
  });

  it('answers one parsed row per row read, in order', async () => {
    const rows = await queryRows(
      database.db,
      sql`select i::int as n from generate_series(1, 3) i order by i desc`,
      countRow,
    );
    expect(rows).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }]);
  });
});
