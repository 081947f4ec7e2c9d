import type { FeedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The list prices live in `article_prices` (migration 0049, decision 0078): a price sent through the prices feed (or
 * the articles feed) writes that narrow table only. The articles' rows, their search text, word postings and the
 * catalogue's vocabulary stay as they were, and no statement updates `articles` (whose statement-level triggers
 * would compare the rows of every such statement).
 */
let t: TestApp;
let token: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

function send(feed: string, body: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/v1/feeds/${feed}`,
    headers: { ...bearer(token), 'content-type': 'application/x-ndjson' },
    payload: body.map((r) => JSON.stringify(r)).join('\n'),
  });
}
const result = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResult;
};

type Priced = { id: number; ref: string; description: string; pv1d: string };
let arts: Priced[];

beforeAll(async () => {
  t = await createTestApp();
  token = await newMachineToken(t, 'ERP prices', ['erp.feeds']);
  arts = await rows<Priced>(
    sql`select a.id, a.ref_jumasa as ref, a.description, p.pv1d::text as pv1d
          from articles a join article_prices p on p.article_id = a.id
         where not a.withdrawn order by a.id limit 3`,
  );
  expect(arts).toHaveLength(3);
  // Every update statement on `articles` leaves a mark: the test's own statement-level trigger, as the catalogue's are.
  await t.database.db.execute(
    sql`create table test_article_updates (at timestamptz not null default clock_timestamp())`,
  );
  await t.database.db.execute(sql`create function test_article_updated() returns trigger language plpgsql as $$
    begin insert into test_article_updates default values; return null; end $$`);
  await t.database.db.execute(sql`create trigger test_article_updated after update on articles
    for each statement execute function test_article_updated()`);
});
afterAll(() => t.close());

/** What the catalogue's search reads of the articles, and the words their triggers keep. */
async function catalogueState() {
  const ids = sql`(${sql.join(
    arts.map((a) => sql`${a.id}`),
    sql`, `,
  )})`;
  const [state] = await rows<Record<string, string>>(
    sql`select (select string_agg(id || ':' || xmin::text || ':' || search_text || ':' || description, '|' order by id)
                  from articles where id in ${ids}) as articles,
               (select md5(coalesce(string_agg(article_id || ' ' || word, '|' order by article_id, word), ''))
                  from article_words where article_id in ${ids}) as postings,
               (select md5(string_agg(word || ' ' || articles, '|' order by word)) from catalog_vocabulary) as vocabulary,
               (select md5(string_agg(word, '|' order by word)) from search_words) as words`,
  );
  return state!;
}
const priceOf = async (id: number) =>
  (await rows<{ pv1d: string }>(sql`select pv1d::text from article_prices where article_id = ${id}`))[0]?.pv1d;
const updateStatements = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from test_article_updates`))[0]!.n;
const moved = (pv1d: string, cents: number) => (Number(pv1d) + cents / 100).toFixed(2);

describe('a price sent through the prices feed', () => {
  it('writes article_prices only: counted applied or unchanged, the articles, their words and the vocabulary untouched', async () => {
    const [a1, a2, a3] = arts as [Priced, Priced, Priced];
    const before = await catalogueState();
    const res = result(
      await send('prices', [
        { ITEMID: a1.ref, PV1D: moved(a1.pv1d, 100) },
        // The same price it has: unchanged, nothing written.
        { ITEMID: a2.ref, PV1D: a2.pv1d },
        // Twice in the batch: the later wins, the earlier counts as unchanged.
        { ITEMID: a3.ref, PV1D: moved(a3.pv1d, 1) },
        { ITEMID: a3.ref, PV1D: moved(a3.pv1d, 2) },
        { ITEMID: 'NO-SUCH-ITEM-0049', PV1D: '1.00' },
      ]),
    );
    expect(res).toMatchObject({ applied: 2, unchanged: 2, refused: 1 });
    expect(res.errors).toEqual([{ row: 5, key: 'NO-SUCH-ITEM-0049', reason: 'unknown-article' }]);
    expect(await priceOf(a1.id)).toBe(moved(a1.pv1d, 100));
    expect(await priceOf(a2.id)).toBe(a2.pv1d);
    expect(await priceOf(a3.id)).toBe(moved(a3.pv1d, 2));
    expect(await catalogueState()).toEqual(before);
    expect(await updateStatements()).toBe(0);

    // The same rows again: every one unchanged; then back to the prices of before: applied.
    const again = result(
      await send('prices', [
        { ITEMID: a1.ref, PV1D: moved(a1.pv1d, 100) },
        { ITEMID: a2.ref, PV1D: a2.pv1d },
        { ITEMID: a3.ref, PV1D: moved(a3.pv1d, 2) },
      ]),
    );
    expect(again).toMatchObject({ applied: 0, unchanged: 3, refused: 0 });
    const back = result(
      await send(
        'prices',
        arts.map((a) => ({ ITEMID: a.ref, PV1D: a.pv1d })),
      ),
    );
    expect(back).toMatchObject({ applied: 2, unchanged: 1, refused: 0 });
    for (const a of arts) expect(await priceOf(a.id)).toBe(a.pv1d);
    expect(await catalogueState()).toEqual(before);
    expect(await updateStatements()).toBe(0);
  });

  it('through the articles feed, a known article whose price alone changed is applied without its row written', async () => {
    const [a1] = arts as [Priced];
    const before = await catalogueState();
    const res = result(await send('articles', [{ ITEMID: a1.ref, PV1D: moved(a1.pv1d, 5) }]));
    expect(res).toMatchObject({ applied: 1, unchanged: 0, refused: 0 });
    expect(await priceOf(a1.id)).toBe(moved(a1.pv1d, 5));
    const again = result(await send('articles', [{ ITEMID: a1.ref, PV1D: moved(a1.pv1d, 5) }]));
    expect(again).toMatchObject({ applied: 0, unchanged: 1 });
    // The article's row (its xmin), search text, words and the vocabulary are those of before.
    expect(await catalogueState()).toEqual(before);
  });

  it('a new article of the articles feed gets its price row in the same statement', async () => {
    const res = result(
      await send('articles', [
        { ITEMID: 'PRC-0049-1', ITEMNAME: 'Pieza con precio', FAMILY: '01', PROVEEDOR: 'Bosch', PV1D: '12.34' },
      ]),
    );
    expect(res).toMatchObject({ applied: 1, refused: 0 });
    const [row] = await rows<{ pv1d: string }>(
      sql`select p.pv1d::text from articles a join article_prices p on p.article_id = a.id
           where a.ref_jumasa = 'PRC-0049-1'`,
    );
    expect(row?.pv1d).toBe('12.34');
  });
});
