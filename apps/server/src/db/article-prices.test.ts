import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../test/rows.ts';
import { freshDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Migration 0049 (decision 0078): the list prices move from `articles.pv1d` to `article_prices`, each article's
 * price as it was, and the column leaves `articles`. Run on an empty database brought to the migration before it,
 * with articles priced the old way.
 */
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase({ empty: true }));
  await database.execScript(
    'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
  );
  const before = fs
    .readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql') && f < '0049')
    .sort();
  for (const file of before) {
    const body = fs.readFileSync(path.join(MIGRATIONS, file), 'utf8');
    await database.execScript(`${body}\n;insert into schema_migrations (id) values ('${file.replaceAll("'", "''")}');`);
  }
});
afterAll(() => drop());

const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(database.db, query);

describe('migration 0049', () => {
  it('moves every article’s list price to article_prices, exactly, and drops the column of articles', async () => {
    await database.db.execute(sql`insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description,
        pv1d, search_text)
      select i, 'MIG-' || i, 'MIG' || i, 'SUP', '01', 'Pieza ' || i, (i * 1.01)::numeric(12,2), 'mig' || i
        from generate_series(1, 300) i`);
    // Prices at the column's edges: the smallest and the largest numeric(12,2) holds.
    await database.db.execute(sql`update articles set pv1d = 0 where id = 1`);
    await database.db.execute(sql`update articles set pv1d = 9999999999.99 where id = 2`);
    const old = await rows<{ id: number; pv1d: string }>(sql`select id, pv1d::text from articles order by id`);

    expect(await migrate(database)).toContain('0049_article_prices.sql');

    const moved = await rows<{ id: number; pv1d: string }>(
      sql`select article_id as id, pv1d::text from article_prices order by article_id`,
    );
    expect(moved).toEqual(old);
    expect(moved.slice(0, 2)).toEqual([
      { id: 1, pv1d: '0.00' },
      { id: 2, pv1d: '9999999999.99' },
    ]);
    const columns = await rows<{ table: string; column: string; type: string; nullable: string }>(
      sql`select table_name as table, column_name as column, data_type as type, is_nullable as nullable
            from information_schema.columns
           where table_schema = 'public' and column_name = 'pv1d' and table_name in ('articles', 'article_prices')`,
    );
    expect(columns).toEqual([{ table: 'article_prices', column: 'pv1d', type: 'numeric', nullable: 'NO' }]);

    // A price row cannot name an article that does not exist, and goes with its article.
    await expect(
      database.db.execute(sql`insert into article_prices (article_id, pv1d) values (100000, 1)`),
    ).rejects.toThrow();
    await database.db.execute(sql`delete from articles where id = 3`);
    expect(await rows(sql`select 1 from article_prices where article_id = 3`)).toEqual([]);
  });
});
