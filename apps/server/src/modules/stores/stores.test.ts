import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/** Stores with their stock calculation and the article grid (issue 16; decision 0043). */
let t: TestApp;
let admin: string;
let clientAdmin: string;
let store: string;
let other: string;
let inStock: { id: number; ref: string };
let elsewhere: { id: number; ref: string };
let untracked: { id: number; ref: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  clientAdmin = (await makeUser(t, 'clientadmin')).token;
  const stores = await testRows<{ id: string }>(t.database.db, sql`select id from stores order by id limit 2`);
  store = stores[0]!.id;
  other = stores[1]!.id;
  const arts = await testRows<{ id: number; ref: string }>(
    t.database.db,
    sql`select id, ref_jumasa as ref from articles order by id limit 3`,
  );
  [inStock, elsewhere, untracked] = arts as [typeof inStock, typeof inStock, typeof inStock];
  // Make the three statuses certain: in stock in the first store, only in the second, and untracked.
  await t.database.db.execute(
    sql`delete from stock where article_id in (${inStock.id}, ${elsewhere.id}, ${untracked.id})`,
  );
  await t.database.db.execute(sql`insert into stock (article_id, store_id, quantity) values
      (${inStock.id}, ${store}, 5), (${elsewhere.id}, ${other}, 2)`);
  await t.database.db.execute(sql`update articles set stock_tracked = (id <> ${untracked.id})
      where id in (${inStock.id}, ${elsewhere.id}, ${untracked.id})`);
});
afterAll(() => t.close());

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (token: string | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const filters = (rules: { field: string; op: string; data: string }[]) =>
  encodeURIComponent(JSON.stringify({ groupOp: 'AND', rules }));
type Page = { records: number; rows: { ITEMID: string; ITEMNAME: string; NAMEALIAS: string; Availability: number }[] };

describe('GET /api/inarticle/GetArticlesJqGrid', () => {
  const G = '/api/inarticle/GetArticlesJqGrid';

  it('is for admins: 401 anonymous, 403 a client admin', async () => {
    expect((await get(null, G)).statusCode).toBe(401);
    expect((await get(clientAdmin, G)).statusCode).toBe(403);
  });

  it('pages the whole catalogue by reference', async () => {
    const res = await get(admin, `${G}?rows=10`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    const [{ n }] = (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from articles`)) as [
      { n: number },
    ];
    expect(page.records).toBe(Math.min(n, 1000));
    const refs = page.rows.map((r) => r.ITEMID);
    expect(refs).toEqual([...refs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by a reference and gives each availability seen from the store', async () => {
    for (const [article, status] of [
      [inStock, 2],
      [elsewhere, 1],
      [untracked, 3],
    ] as const) {
      const res = await get(
        admin,
        `${G}?store=${store}&filters=${filters([{ field: 'ITEMID', op: 'eq', data: article.ref }])}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      expect(page.rows.map((r) => [r.ITEMID, r.Availability])).toEqual([[article.ref, status]]);
    }
    // Seen from the other store, the first article is in another store and the second one here.
    const res = await get(
      admin,
      `${G}?store=${other}&filters=${filters([{ field: 'ITEMID', op: 'eq', data: inStock.ref }])}`,
    );
    expect(res.json<Page>().rows[0]!.Availability).toBe(1);
  });

  it('filters by availability and sorts by name descending', async () => {
    const res = await get(
      admin,
      `${G}?store=${store}&sidx=ITEMNAME&sord=desc&rows=30&filters=${filters([{ field: 'Availability', op: 'eq', data: '3' }])}`,
    );
    const page = res.json<Page>();
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.Availability === 3)).toBe(true);
    const names = page.rows.map((r) => r.ITEMNAME);
    const [{ ok }] = (await testRows<{ ok: boolean }>(
      t.database.db,
      sql`select array(select x from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) x order by 1 desc)
             = array(select x from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality e(x, n)
                     order by n) as ok`,
    )) as [{ ok: boolean }];
    expect(ok).toBe(true);
    const one = await get(
      admin,
      `${G}?store=${store}&filters=${filters([
        { field: 'Availability', op: 'eq', data: '3' },
        { field: 'ITEMID', op: 'cn', data: untracked.ref.slice(1) },
      ])}`,
    );
    expect(one.json<Page>().rows.map((r) => r.ITEMID)).toContain(untracked.ref);
  });

  it('filters by a fragment of the name in any case, withdrawn articles too, as ilike alone does', async () => {
    // Two articles of this test's own: one sold, one withdrawn (the ERP emptied its search text, migration 0041).
    const [sold, gone] = await testRows<{ id: number; ref: string }>(
      t.database.db,
      sql`select id, ref_jumasa as ref from articles order by id desc limit 2`,
    );
    await t.database.db.execute(sql`update articles set description = 'Ménsula ÑANDÚ delantera',
        search_text = article_search_text(ref_norm, 'Ménsula ÑANDÚ delantera', eurocode, null) where id = ${sold!.id}`);
    await t.database.db.execute(sql`update articles set description = 'Ménsula Ñandú trasera', withdrawn = true,
        search_text = '' where id = ${gone!.id}`);
    const res = await get(admin, `${G}?rows=30&filters=${filters([{ field: 'ITEMNAME', op: 'cn', data: 'ñandú' }])}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res
      .json<Page>()
      .rows.map((r) => r.ITEMID)
      .sort();
    const byIlike = await testRows<{ ref: string }>(
      t.database.db,
      sql`select ref_jumasa as ref from articles where description ilike '%ñandú%'`,
    );
    expect(found).toEqual([sold!.ref, gone!.ref].sort());
    expect(found).toEqual(byIlike.map((r) => r.ref).sort());
  });

  it('filters "held nowhere" (0) through the stock flag, which every stock write keeps (migration 0030)', async () => {
    const nowhere = async () => {
      const res = await get(
        admin,
        `${G}?rows=30&filters=${filters([
          { field: 'Availability', op: 'eq', data: '0' },
          { field: 'ITEMID', op: 'in', data: [inStock.ref, elsewhere.ref, untracked.ref].join(',') },
        ])}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<Page>()
        .rows.map((r) => `${r.ITEMID}:${r.Availability}`)
        .sort();
    };
    const drift = async () =>
      (
        (await testRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from articles a
               where a.stock_nowhere = exists (select 1 from stock s where s.article_id = a.id and s.quantity > 0)`,
        )) as [{ n: number }]
      )[0].n;
    expect(await drift()).toBe(0);
    expect(await nowhere()).toEqual([]);
    try {
      // An update to 0 in one statement, then a delete: held nowhere; the untracked article stays 3.
      await t.database.db.execute(sql`update stock set quantity = 0 where article_id = ${elsewhere.id}`);
      expect(await nowhere()).toEqual([`${elsewhere.ref}:0`]);
      await t.database.db.execute(sql`delete from stock where article_id = ${inStock.id}`);
      expect(await nowhere()).toEqual([`${elsewhere.ref}:0`, `${inStock.ref}:0`].sort());
      // Stock comes back through an insert and through an upsert's update.
      await t.database.db.execute(
        sql`insert into stock (article_id, store_id, quantity) values (${inStock.id}, ${store}, 5)`,
      );
      await t.database.db.execute(sql`insert into stock (article_id, store_id, quantity) values (${elsewhere.id}, ${other}, 2)
          on conflict (article_id, store_id) do update set quantity = excluded.quantity`);
      expect(await nowhere()).toEqual([]);
      // A statement that moves many articles at once keeps every flag true to the stock.
      await t.database.db.execute(sql`update stock set quantity = quantity - 3 where article_id % 7 = 0`);
      expect(await drift()).toBe(0);
      await t.database.db.execute(sql`update stock set quantity = quantity + 3 where article_id % 7 = 0`);
      expect(await drift()).toBe(0);
    } finally {
      await t.database.db.execute(sql`insert into stock (article_id, store_id, quantity)
          values (${inStock.id}, ${store}, 5), (${elsewhere.id}, ${other}, 2)
          on conflict (article_id, store_id) do update set quantity = excluded.quantity`);
    }
  });

  it('refuses bad input with 400 WARN_ValidationError', async () => {
    for (const url of [
      `${G}?sidx=Availability`,
      `${G}?filters=${filters([{ field: 'PRICE', op: 'eq', data: '1' }])}`,
      `${G}?filters=${filters([{ field: 'Availability', op: 'eq', data: 'x' }])}`,
      `${G}?store=NOPE`,
    ]) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('WARN_ValidationError');
    }
  });
});

describe('/api/instock', () => {
  type Store = { id: string; notice_email: string | null; return_email: string | null; stock_calc_type: number };
  const row = async (id: string) =>
    (
      await testRows<Store>(
        t.database.db,
        sql`select id, notice_email, return_email, stock_calc_type from stores where id = ${id}`,
      )
    )[0]!;

  it('is for admins', async () => {
    expect((await get(null, '/api/instock/GetStockJqGrid')).statusCode).toBe(401);
    expect((await get(clientAdmin, '/api/instock/GetStockJqGrid')).statusCode).toBe(403);
    expect((await get(clientAdmin, `/api/instock/getstock/${store}`)).statusCode).toBe(403);
    expect((await post(null, '/api/instock/putstock', {})).statusCode).toBe(401);
    expect((await post(clientAdmin, '/api/instock/putstock', {})).statusCode).toBe(403);
  });

  it('lists the stores and reads one', async () => {
    const grid = await get(admin, '/api/instock/GetStockJqGrid?rows=30');
    expect(grid.statusCode).toBe(200);
    const [{ n }] = (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stores`)) as [
      { n: number },
    ];
    expect(grid.json().records).toBe(n);
    const one = await get(admin, `/api/instock/getstock/${store}`);
    const stored = await row(store);
    expect(one.json()).toMatchObject({
      INVENTLOCATIONID: store,
      JUMNOTICEMAIL: stored.notice_email ?? '',
      JUMRETURNMAIL: stored.return_email ?? '',
      NOSYNC_StockCalcType: stored.stock_calc_type,
    });
    expect((await get(admin, '/api/instock/getstock/NOPE')).statusCode).toBe(404);
  });

  it('saves the e-mails and the calculation type', async () => {
    const res = await post(admin, '/api/instock/putstock', {
      INVENTLOCATIONID: other,
      JUMNOTICEMAIL: 'pedidos@example.com',
      JUMRETURNMAIL: '',
      NOSYNC_StockCalcType: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_SaveOK', INVENTLOCATIONID: other });
    expect(await row(other)).toEqual({
      id: other,
      notice_email: 'pedidos@example.com',
      return_email: null,
      stock_calc_type: 1,
    });
  });

  it('refuses a bad e-mail or calculation type and writes nothing; an unknown store is 404', async () => {
    const before = await row(store);
    for (const [body, key] of [
      [{ JUMRETURNMAIL: 'not-an-address' }, 'MSG_StoresEmailInvalid'],
      [{ JUMNOTICEMAIL: 'a@b' }, 'MSG_StoresEmailInvalid'],
      [{ NOSYNC_StockCalcType: 7 }, 'MSG_StoresCalcTypeInvalid'],
    ] as const) {
      const res = await post(admin, '/api/instock/putstock', {
        ...{
          INVENTLOCATIONID: store,
          JUMNOTICEMAIL: 'avisos@example.com',
          JUMRETURNMAIL: 'devoluciones@example.com',
          NOSYNC_StockCalcType: 0,
        },
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(key);
    }
    expect(await row(store)).toEqual(before);
    const unknown = await post(admin, '/api/instock/putstock', {
      INVENTLOCATIONID: 'NOPE',
      JUMNOTICEMAIL: '',
      JUMRETURNMAIL: '',
      NOSYNC_StockCalcType: 0,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the article grid's counts, kept while no change of what they read is announced (decision 0099)", () => {
  const grid = (rules: { field: string; op: string; data: string }[]) =>
    `/api/inarticle/GetArticlesJqGrid?store=${store}&rows=10&filters=${filters(rules)}`;
  const byName = [{ field: 'ITEMNAME', op: 'cn', data: 'wqzx' }];
  const byNameUntracked = [...byName, { field: 'Availability', op: 'eq', data: '3' }];
  const read = async (rules: typeof byName) => {
    const res = await get(admin, grid(rules));
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    return { records: page.records, rows: page.rows.length };
  };
  const named = (ids: number[]) =>
    sql`update articles set description = 'Junta Wqzx', search_text = 'junta wqzx', stock_tracked = false
         where id in ${sql.raw(`(${ids.join(', ')})`)}`;

  it('keeps a count until a change of the articles or the stock is announced', async () => {
    const ids = (
      await testRows<{ id: number }>(t.database.db, sql`select id from articles order by id desc limit 3`)
    ).map((r) => r.id);
    await t.database.db.execute(named(ids.slice(0, 2)));
    await t.app.articleChanges.settled();
    expect(await read(byName)).toEqual({ records: 2, rows: 2 });
    expect(await read(byNameUntracked)).toEqual({ records: 2, rows: 2 });

    // A change nobody announces (the trigger of migration 0054 off): the kept counts do not see it, the page does.
    await t.database.db.execute(sql`alter table articles disable trigger articles_changed`);
    try {
      await t.database.db.execute(named(ids.slice(2)));
    } finally {
      await t.database.db.execute(sql`alter table articles enable trigger articles_changed`);
    }
    expect(await read(byName)).toEqual({ records: 2, rows: 3 });
    expect(await read(byNameUntracked)).toEqual({ records: 2, rows: 3 });

    // An announced change of what the availability reads, for another article: every kept count is forgotten.
    await t.database.db.execute(sql`update stock set quantity = quantity + 1 where article_id = ${inStock.id}`);
    await t.app.articleChanges.settled();
    expect(await read(byName)).toEqual({ records: 3, rows: 3 });
    expect(await read(byNameUntracked)).toEqual({ records: 3, rows: 3 });
  });
});
