import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database } from '../client.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  // A copy of the test template, which is what `seedDemo` left (the same call as `npm run db:seed` and the
  // first `npm start`).
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

describe('the demo seed', () => {
  it('ends with ANALYZE: every table it loaded has planner statistics', async () => {
    // reltuples is -1 for a table never analysed (or vacuumed): the planner then guesses its size and values.
    const unanalysed = await testRows<{ table: string }>(
      database.db,
      sql`select relname as table from pg_class
           where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace and reltuples < 0
           order by relname`,
    );
    expect(unanalysed).toEqual([]);
    // And the figures are those of the data: the invoice lines the grids' product filter reads, for one.
    const [lines] = await testRows<{ estimate: number; actual: number }>(
      database.db,
      sql`select (select reltuples::int from pg_class where oid = 'erp_invoice_lines'::regclass) as estimate,
                 (select count(*)::int from erp_invoice_lines) as actual`,
    );
    expect(lines!.actual).toBeGreaterThan(1000);
    expect(Math.abs(lines!.estimate - lines!.actual)).toBeLessThanOrEqual(lines!.actual * 0.05);
    // Column statistics too (what a filter's selectivity is estimated from).
    const [stats] = await testRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'erp_invoice_lines'`,
    );
    expect(stats!.n).toBeGreaterThan(0);
  });

  it('gives every article its list price row (article_prices, decision 0078), the seed’s own figure', async () => {
    const [prices] = await testRows<{ articles: number; priced: number; wrong: number }>(
      database.db,
      sql`select (select count(*)::int from articles) as articles,
                 (select count(*)::int from articles a join article_prices p on p.article_id = a.id) as priced,
                 (select count(*)::int from article_prices
                   where pv1d <> round((4.5 + ((article_id::bigint * 7919) % 60000) / 100.0)::numeric, 2)) as wrong`,
    );
    expect(prices!.articles).toBeGreaterThan(1000);
    expect(prices).toEqual({ articles: prices!.articles, priced: prices!.articles, wrong: 0 });
  });
});
