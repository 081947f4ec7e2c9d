import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LISTS } from '../../db/seed/lists.ts';
import { call, emptyCart } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let buyer: string;
let buyerName: string;
let buyer2: string;
let clientadmin: string;
let admin: string;

/** Articles this file makes, so that every price, stock figure and refusal is certain. */
const A1 = 991_001; // 5 in BCN01 only (buyer's home MAD01 has none); C00001's price 42
const A2 = 991_002; // 10 in MAD01
const A3 = 991_003; // withdrawn from sale
const A4 = 991_004; // no stock anywhere

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const [id, withdrawn] of [
    [A1, false],
    [A2, false],
    [A3, true],
    [A4, false],
  ] as const) {
    const ref = `LST.900-${id % 1000}`;
    await db.execute(sql`insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description,
        search_text, withdrawn)
      values (${id}, ${ref}, ${ref.replace(/[.-]/g, '')}, 'ListTest', '01', ${`Pieza ${ref}`}, ${ref}, ${withdrawn})`);
    // The list price lives in its own table (migration 0049, decision 0078).
    await db.execute(sql`insert into article_prices (article_id, pv1d) values (${id}, 100)`);
  }
  await db.execute(sql`insert into stock (article_id, store_id, quantity) values
    (${A1}, 'BCN01', 5), (${A2}, 'MAD01', 10)`);
  await db.execute(sql`insert into client_article_prices (client_accountnum, article_id, net_price)
    values ('C00001', ${A1}, 42.00)`);
  ({ token: buyer, username: buyerName } = await makeUser(t, 'plateBuyer'));
  buyer2 = (await makeUser(t, 'buyer', { client: 'C00002' })).token;
  clientadmin = (await makeUser(t, 'clientadmin')).token;
  admin = (await makeUser(t, 'admin')).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await emptyCart(t.app, buyer);
  await t.database.db.execute(
    sql`delete from requisition_lists where name not in (${DEMO_LISTS.open}, ${DEMO_LISTS.locked})`,
  );
});

const P = '/api/inlist/lists';
const create = (token: string, body: unknown) => call(t.app, token, 'POST', P, body);
const rowsOf = async (token: string) =>
  (await call(t.app, token, 'GET', P)).json().rows as { id: number; name: string; locked: boolean; mayEdit: boolean }[];
const demo = async (name: string) => (await rowsOf(buyer)).find((r) => r.name === name)!;
const listRows = () =>
  testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from requisition_lists`).then((r) => r[0]!.n);

describe('lists of a client', () => {
  it('the demo client has two lists, one locked; its users see them, another client’s user does not', async () => {
    const rows = await rowsOf(buyer);
    expect(rows.map((r) => [r.name, r.locked, r.mayEdit])).toEqual([
      [DEMO_LISTS.open, false, true],
      [DEMO_LISTS.locked, true, false],
    ]);
    expect((await rowsOf(clientadmin)).find((r) => r.locked)!.mayEdit).toBe(true);
    expect(await rowsOf(buyer2)).toEqual([]);
    const res = await call(t.app, buyer, 'GET', P);
    expect(res.json().mayLock).toBe(false);
    expect((await call(t.app, clientadmin, 'GET', P)).json().mayLock).toBe(true);
  });

  it('needs a signed-in buyer', async () => {
    expect((await t.app.inject({ method: 'GET', url: P })).statusCode).toBe(401);
  });

  it('another client’s list answers 404 to every call, and nothing is written', async () => {
    const { id } = await demo(DEMO_LISTS.open);
    const before = await listRows();
    for (const [method, url, body] of [
      ['GET', `${P}/${id}`, undefined],
      ['POST', `${P}/${id}`, { name: 'Mía' }],
      ['POST', `${P}/${id}/duplicate`, { name: 'Copia robada' }],
      ['DELETE', `${P}/${id}`, undefined],
      ['POST', `${P}/${id}/lines`, { lines: [{ articleId: A2, quantity: 1 }] }],
      ['POST', `${P}/${id}/order`, {}],
    ] as const) {
      const res = await call(t.app, buyer2, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await listRows()).toBe(before);
    expect((await call(t.app, buyer, 'GET', `${P}/${id}`)).json().list.name).toBe(DEMO_LISTS.open);
  });

  it('staff acting as a user of the client see its lists', async () => {
    const acting = (
      await t.app.inject({
        method: 'POST',
        url: '/api/account/actas',
        payload: { username: buyerName },
        headers: bearer(admin),
      })
    ).json().access_token as string;
    expect((await rowsOf(acting)).map((r) => r.name)).toEqual([DEMO_LISTS.open, DEMO_LISTS.locked]);
  });
});

describe('creating, renaming, duplicating and deleting', () => {
  it('a name is unique per client whatever its case, said clearly; another client may use it', async () => {
    expect((await create(buyer, { name: 'Frenos' })).statusCode).toBe(200);
    const again = await create(buyer, { name: '  FRENOS ' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('WARN_ListNameTaken');
    expect((await create(buyer2, { name: 'Frenos' })).statusCode).toBe(200);
    const blank = await create(buyer, { name: '   ' });
    expect(blank.json().message).toBe('WARN_ListNameRequired');
    // The four dictionaries say it.
    for (const lang of ['es', 'en', 'fr', 'pt']) {
      const { words } = (await t.app.inject({ method: 'GET', url: `/api/common/langs/${lang}` })).json();
      expect(words.WARN_ListNameTaken).toMatch(/\p{L}{4,}/u);
    }
  });

  it('renames, duplicates (unlocked copy with the same lines) and deletes', async () => {
    const made = (await create(buyer, { name: 'Taller', lines: [{ articleId: A2, quantity: 3 }] })).json();
    expect(made).toMatchObject({ added: 1, list: { name: 'Taller', lines: 1, units: 3 } });
    const id = made.list.id;
    expect((await call(t.app, buyer, 'POST', `${P}/${id}`, { name: 'Taller 2' })).json().name).toBe('Taller 2');
    const taken = await call(t.app, buyer, 'POST', `${P}/${id}`, { name: DEMO_LISTS.open });
    expect(taken.json().message).toBe('WARN_ListNameTaken');
    const locked = await demo(DEMO_LISTS.locked);
    const copy = await call(t.app, buyer, 'POST', `${P}/${locked.id}/duplicate`, { name: 'Mi revisión' });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toMatchObject({ locked: false, mayEdit: true, lines: 3 });
    expect((await call(t.app, buyer, 'DELETE', `${P}/${id}`)).json().message).toBe('MSG_ListDeleted');
    expect((await call(t.app, buyer, 'GET', `${P}/${id}`)).statusCode).toBe(404);
  });
});

describe('a locked list', () => {
  it('refuses a plain user’s change with a clear message; a client admin changes it; only they lock', async () => {
    const { id } = await demo(DEMO_LISTS.locked);
    const detail = (await call(t.app, buyer, 'GET', `${P}/${id}`)).json();
    const line = detail.lines[0];
    for (const [method, url, body] of [
      ['POST', `${P}/${id}`, { name: 'Otra' }],
      ['DELETE', `${P}/${id}`, undefined],
      ['POST', `${P}/${id}/lines`, { lines: [{ articleId: A2, quantity: 1 }] }],
      ['POST', `${P}/${id}/lines/${line.id}`, { quantity: 7 }],
      ['DELETE', `${P}/${id}/lines/${line.id}`, undefined],
    ] as const) {
      const res = await call(t.app, buyer, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('WARN_ListLocked');
    }
    expect((await call(t.app, buyer, 'GET', `${P}/${id}`)).json().lines).toEqual(detail.lines);
    const unlock = await call(t.app, buyer, 'POST', `${P}/${id}`, { locked: false });
    expect([unlock.statusCode, unlock.json().message]).toEqual([403, 'WARN_ListLockAdminOnly']);
    const own = (await create(buyer, { name: 'Mía' })).json().list.id;
    expect((await call(t.app, buyer, 'POST', `${P}/${own}`, { locked: true })).statusCode).toBe(403);

    const changed = await call(t.app, clientadmin, 'POST', `${P}/${id}/lines/${line.id}`, { quantity: 7 });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, clientadmin, 'POST', `${P}/${own}`, { locked: true })).json().locked).toBe(true);
    expect((await call(t.app, buyer, 'POST', `${P}/${own}`, { name: 'Ya no' })).statusCode).toBe(403);
  });

  it('a plain user still orders from it', async () => {
    const { id } = await demo(DEMO_LISTS.locked);
    const res = await call(t.app, buyer, 'POST', `${P}/${id}/order`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().added.length).toBe(3);
    expect(res.json().count).toBe(3);
  });
});

describe('lines and quantities', () => {
  it('refuses a quantity out of the cart’s rules, nothing written; adding again adds, held at 9999 and said', async () => {
    const id = (await create(buyer, { name: 'Cantidades', lines: [{ articleId: A2, quantity: 9000 }] })).json().list.id;
    for (const [quantity, key] of [
      [0, 'WARN_QuantityMin'],
      [10_000, 'WARN_QuantityMax'],
      [2.5, 'WARN_QuantityWhole'],
    ] as const) {
      const res = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, { lines: [{ articleId: A1, quantity }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(key);
    }
    const more = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, {
      lines: [
        { articleId: A2, quantity: 1500 },
        { articleId: A1, quantity: 2 },
        { articleId: A1, quantity: 1 },
      ],
    });
    expect(more.json()).toMatchObject({ added: 2, capped: [A2], list: { lines: 2, units: 9999 + 3 } });
    const lines = (await call(t.app, buyer, 'GET', `${P}/${id}`)).json().lines;
    expect(lines.map((l: { articleId: number; quantity: number }) => [l.articleId, l.quantity])).toEqual([
      [A2, 9999],
      [A1, 3],
    ]);
    expect(lines[1]).toMatchObject({ price: 42, pv1d: 100, stock: 5, sold: true });
    const bad = await call(t.app, buyer, 'POST', `${P}/${id}/lines/${lines[1].id}`, { quantity: '1,5' });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, buyer, 'POST', `${P}/${id}/lines/${lines[1].id}`, { quantity: 4 })).json().units).toBe(
      9999 + 4,
    );
    expect((await call(t.app, buyer, 'DELETE', `${P}/${id}/lines/${lines[0].id}`)).json().lines).toBe(1);
    // A withdrawn article is not added, and nothing is.
    const gone = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, {
      lines: [
        { articleId: A3, quantity: 1 },
        { articleId: A4, quantity: 1 },
      ],
    });
    expect([gone.statusCode, gone.json().message]).toEqual([400, 'WARN_ListArticleGone']);
    expect((await call(t.app, buyer, 'GET', `${P}/${id}`)).json().list.lines).toBe(1);
  });

  it('the cart becomes a new list, or goes into one', async () => {
    await call(t.app, buyer, 'POST', '/api/quickorder/addtocart', {
      lines: [
        { id_articulo: A1, quantity: 2 },
        { id_articulo: A2, quantity: 4 },
      ],
    });
    const made = (await create(buyer, { name: 'Del carrito', fromCart: true })).json();
    expect(made.list).toMatchObject({ lines: 2, units: 6 });
    const into = await call(t.app, buyer, 'POST', `${P}/${made.list.id}/lines`, { fromCart: true });
    expect(into.json().list).toMatchObject({ lines: 2, units: 12 });
  });
});

describe('ordering a list', () => {
  it('adds the chosen or all lines to the cart at today’s price and store, and says what was refused and why', async () => {
    const id = (
      await create(buyer, {
        name: 'Pedir',
        lines: [
          { articleId: A1, quantity: 2 },
          { articleId: A2, quantity: 12 },
          { articleId: A4, quantity: 1 },
        ],
      })
    ).json().list.id;
    // The article is withdrawn after it went into the list.
    await t.database.db.execute(sql`update articles set withdrawn = true where id = ${A4}`);
    const lines = (await call(t.app, buyer, 'GET', `${P}/${id}`)).json().lines as { id: number; articleId: number }[];
    const lineOf = (a: number) => lines.find((l) => l.articleId === a)!.id;

    const chosen = await call(t.app, buyer, 'POST', `${P}/${id}/order`, { lineIds: [lineOf(A1)] });
    expect(chosen.json()).toMatchObject({
      count: 1,
      added: [{ lineId: lineOf(A1), quantity: 2, price: 42, store: 'BCN01', short: false }],
      refused: [],
    });

    const all = (await call(t.app, buyer, 'POST', `${P}/${id}/order`, {})).json();
    expect(all.count).toBe(2);
    // 12 asked, 10 at home: served from home, short (the cart says how).
    expect(all.added.find((a: { lineId: number }) => a.lineId === lineOf(A2))).toMatchObject({
      store: 'MAD01',
      short: true,
    });
    expect(all.refused).toEqual([{ lineId: lineOf(A4), ref: 'LST.900-4', reason: 'notSold' }]);
    const cart = (await call(t.app, buyer, 'GET', '/api/incheckout/getcurrentcart')).json().cartitem_views as {
      id_articulo: number;
      qty: number;
    }[];
    expect(cart.map((l) => [l.id_articulo, l.qty]).sort()).toEqual([
      [A1, 4],
      [A2, 12],
    ]);
    await t.database.db.execute(sql`update articles set withdrawn = false where id = ${A4}`);
  });

  it('a line of another list, or an empty choice, adds nothing', async () => {
    const open = await demo(DEMO_LISTS.open);
    const mine = (await create(buyer, { name: 'Vacía' })).json().list.id;
    const other = (await call(t.app, buyer, 'GET', `${P}/${open.id}`)).json().lines[0].id;
    const res = await call(t.app, buyer, 'POST', `${P}/${mine}/order`, { lineIds: [other] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'WARN_ListEmpty']);
    expect((await call(t.app, buyer, 'POST', `${P}/${mine}/order`, { lineIds: [] })).statusCode).toBe(400);
  });
});

describe('adding several lines at once (a document’s lines, quick order’s resolved lines)', () => {
  const linesOf = async (token: string, id: number) =>
    ((await call(t.app, token, 'GET', `${P}/${id}`)).json().lines as { articleId: number; quantity: number }[]).map(
      (l) => [l.articleId, l.quantity],
    );
  const three = [
    { articleId: A1, quantity: 2 },
    { articleId: A2, quantity: 5 },
    { articleId: A2, quantity: 1 },
  ];

  it('adds every line in one request, the same article once, and says how many lines the list holds', async () => {
    const id = (await create(buyer, { name: 'Del albarán', lines: [{ articleId: A2, quantity: 1 }] })).json().list.id;
    const res = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, { lines: three });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, capped: [], list: { id, lines: 2, units: 9, updatedBy: buyerName } });
    expect(await linesOf(buyer, id)).toEqual([
      [A2, 7],
      [A1, 2],
    ]);
  });

  it('refuses bad input naming the line, and writes nothing', async () => {
    const id = (await create(buyer, { name: 'Intacta', lines: [{ articleId: A2, quantity: 1 }] })).json().list.id;
    const bad = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, {
      lines: [
        { articleId: A1, quantity: 2 },
        { articleId: A2, quantity: 0 },
      ],
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'WARN_QuantityMin']);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['lines.1.quantity']);
    const unknown = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, {
      lines: [
        { articleId: A1, quantity: 2 },
        { articleId: 999_999_999, quantity: 1 },
        { articleId: A3, quantity: 1 },
      ],
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'WARN_ListArticleGone']);
    expect(unknown.json().issues).toEqual([
      { path: 'lines.1.articleId', message: 'WARN_ListArticleGone' },
      { path: 'lines.2.articleId', message: 'WARN_ListArticleGone' },
    ]);
    const many = Array.from({ length: 501 }, (_, i) => ({ articleId: i + 1, quantity: 1 }));
    const tooMany = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, { lines: many });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, 'WARN_ListTooManyLines']);
    const none = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, { lines: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, 'WARN_ListEmpty']);
    const notNumber = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, {
      lines: [{ articleId: 'A1', quantity: 1 }],
    });
    expect(notNumber.statusCode).toBe(400);
    expect(await linesOf(buyer, id)).toEqual([[A2, 1]]);
  });

  it('answers 401 to an anonymous caller and 403 to a user who may not buy', async () => {
    const id = (await create(buyer, { name: 'Cerrada' })).json().list.id;
    const anonymous = await t.app.inject({ method: 'POST', url: `${P}/${id}/lines`, payload: { lines: three } });
    expect(anonymous.statusCode).toBe(401);
    const viewer = (await makeUser(t, 'viewer')).token;
    expect((await call(t.app, viewer, 'POST', `${P}/${id}/lines`, { lines: three })).statusCode).toBe(403);
    expect(await linesOf(buyer, id)).toEqual([]);
  });

  it('another client’s list answers 404 and gets nothing', async () => {
    const id = (await create(buyer, { name: 'Ajena' })).json().list.id;
    const res = await call(t.app, buyer2, 'POST', `${P}/${id}/lines`, { lines: three });
    expect([res.statusCode, res.json().message]).toEqual([404, 'WARN_NotFound']);
    expect(await linesOf(buyer, id)).toEqual([]);
  });

  it('a locked list takes them from a client admin only', async () => {
    const { id } = await demo(DEMO_LISTS.locked);
    const before = await linesOf(buyer, id);
    const refused = await call(t.app, buyer, 'POST', `${P}/${id}/lines`, { lines: three });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'WARN_ListLocked']);
    expect(await linesOf(buyer, id)).toEqual(before);
    const admitted = await call(t.app, clientadmin, 'POST', `${P}/${id}/lines`, { lines: three });
    expect(admitted.statusCode).toBe(200);
    expect((await linesOf(buyer, id)).length).toBe(before.length + 2);
    // The demo list as it was, for the tests after this one.
    await t.database.db.execute(
      sql`delete from requisition_list_lines where list_id = ${id} and article_id in (${A1}, ${A2})`,
    );
  });
});
