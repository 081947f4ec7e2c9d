import { productListQuery } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_SEARCH_POOL_SIZE } from '../config.ts';
import { articlePageSql, vocabularySql } from '../modules/catalog/catalog.repository.ts';
import { plainWord } from '../modules/catalog/catalog-typos.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { makeUser } from '../test/users.ts';
import { queryRows, queryRowsReused, reusedPoolOf, statementName } from './client.ts';

/**
 * The portal's pool of prepared statements plans one once (decision 0096; this file runs in the PostgreSQL run only):
 * a catalogue search prepared under its name, as `queryRowsReused` prepares it, runs its generic plan from the first
 * run. Left to choose (plan_cache_mode = auto), PostgreSQL planned a reference search anew at every run, its
 * custom plans' estimates being below the generic plan's. Every other statement runs on the main pool, planned for
 * its values: there a generic plan made a grid's count walk an index to its end.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the pool's prepared statements", () => {
  it('a reference search runs its generic plan from its first run, on every connection of the pool', async () => {
    const pool = reusedPoolOf((t.database.db as unknown as { $client: pg.Pool }).$client)!;
    const article = (await pool.query<{ ref: string }>('select ref_jumasa as ref from articles order by id limit 1'))
      .rows[0]!;
    const { sql: text, params } = new PgDialect().sqlToQuery(
      articlePageSql(productListQuery.parse({ searchbyreference: article.ref }), 'C00001'),
    );
    const name = statementName(text);
    // Two connections held at once: both are the pool's, each prepares the statement for itself.
    const clients = [await pool.connect(), await pool.connect()];
    try {
      for (const client of clients) {
        expect((await client.query('show plan_cache_mode')).rows[0].plan_cache_mode).toBe('force_generic_plan');
        for (let run = 0; run < 6; run++) {
          const { rows } = await client.query({ name, text, values: params as unknown[] });
          expect(rows.length).toBeGreaterThan(0);
        }
        const { rows } = await client.query(
          'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
          [name],
        );
        expect(rows).toEqual([{ generic_plans: 6, custom_plans: 0 }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('the searches share a few connections, kept open: a fifth search waits for one of the four', async () => {
    const pool = reusedPoolOf((t.database.db as unknown as { $client: pg.Pool }).$client)!;
    // Kept open: the pool closes no connection while it holds no more than this many (pg-pool's `min`).
    expect([pool.options.max, pool.options.min]).toEqual([DEFAULT_SEARCH_POOL_SIZE, DEFAULT_SEARCH_POOL_SIZE]);
    const held = await Promise.all(Array.from({ length: DEFAULT_SEARCH_POOL_SIZE }, () => pool.connect()));
    const pid = sql`select pg_backend_pid() as pid`;
    const fifth = queryRowsReused(t.database.db, pid, z.object({ pid: z.number() }));
    expect([pool.totalCount, pool.waitingCount]).toEqual([DEFAULT_SEARCH_POOL_SIZE, 1]);
    const pids = await Promise.all(
      held.map(async (c) => (await c.query('select pg_backend_pid() as pid')).rows[0].pid),
    );
    held[0]!.release();
    // It ran on the connection given back, not on a new one.
    expect((await fifth)[0]!.pid).toBe(pids[0]);
    for (const c of held.slice(1)) c.release();
    expect(pool.totalCount).toBe(DEFAULT_SEARCH_POOL_SIZE);
  });

  it("a typo's vocabulary statement is a search's: prepared on the searches' pool, on its generic plan", async () => {
    const pool = reusedPoolOf((t.database.db as unknown as { $client: pg.Pool }).$client)!;
    const { token } = await makeUser(t, 'buyer');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product/getlist?filter=pastilas',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().corrected).toEqual({ filter: 'pastillas', words: [{ typed: 'pastilas', word: 'pastillas' }] });
    const { sql: text } = new PgDialect().sqlToQuery(
      vocabularySql([{ typed: 'pastilas', plain: plainWord('pastilas') }]),
    );
    // Every connection of the pool, at once: the one that ran it holds it prepared under its text's name.
    const clients = await Promise.all(Array.from({ length: DEFAULT_SEARCH_POOL_SIZE }, () => pool.connect()));
    try {
      const held = await Promise.all(
        clients.map(
          async (c) =>
            (
              await c.query(
                'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
                [statementName(text)],
              )
            ).rows,
        ),
      );
      expect(held.flat()).toEqual([{ generic_plans: 1, custom_plans: 0 }]);
    } finally {
      for (const c of clients) c.release();
    }
  });

  it('only the prepared statements run on generic plans: every other statement is planned for its values', async () => {
    const mode = sql`select current_setting('plan_cache_mode') as mode`;
    const row = z.object({ mode: z.string() });
    expect(await queryRowsReused(t.database.db, mode, row)).toEqual([{ mode: 'force_generic_plan' }]);
    expect(await queryRows(t.database.db, mode, row)).toEqual([{ mode: 'auto' }]);
  });
});
