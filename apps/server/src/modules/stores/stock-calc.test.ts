import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFrom, call, checkoutSuite, filledLocations } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { makeUser } from '../../test/users.ts';

/**
 * Issue 16, decision 0047: a store of calculation type 1 holds back the units of web orders not yet imported into
 * the ERP, in the availability call, the catalogue, the cart and the article grid; a store of type 0 does not.
 */
const s = checkoutSuite();
let admin: string;
let article: number;
let ref: string;

beforeAll(async () => {
  admin = (await makeUser(s.t, 'admin')).token;
  article = s.mad[0]!.id;
  [{ ref }] = (await testRows<{ ref: string }>(
    s.t.database.db,
    sql`select ref_jumasa as ref from articles where id = ${article}`,
  )) as [{ ref: string }];
  // Made certain: 5 units in Madrid (type 1) and 5 in Valencia (type 0).
  await s.t.database.db.execute(sql`insert into stock (article_id, store_id, quantity)
      values (${article}, 'MAD01', 5), (${article}, 'VLC01', 5)
      on conflict (article_id, store_id) do update set quantity = excluded.quantity`);
  await s.t.database.db.execute(sql`update stores set stock_calc_type = 1 where id = 'MAD01'`);
  await s.t.database.db.execute(sql`update stores set stock_calc_type = 0 where id = 'VLC01'`);
});

// Each test starts with no web order of the article waiting.
beforeEach(async () => {
  await s.t.database.db.execute(sql`update web_orders set imported = true
      where id in (select web_order_id from web_order_lines where article_id = ${article})`);
});

/** Units per store of the availability call. */
async function units(): Promise<Record<string, number | null>> {
  const r = await call(s.t.app, s.buyer, 'GET', `/api/product/checkAvailability/${article}`);
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json() as { availabilityinvent: { id_almacen: string; wsstock: number | null }[] };
  return Object.fromEntries(body.availabilityinvent.map((a) => [a.id_almacen, a.wsstock]));
}

/** Orders `quantity` units from `store` through the cart and the checkout: one web order, not yet imported. */
async function order(store: string, quantity: number): Promise<number> {
  await addFrom(s.t.app, s.buyer, article, store, quantity);
  const { header, locations } = await filledLocations(s.t.app, s.buyer);
  const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
  expect(r.statusCode, r.body).toBe(200);
  const [row] = await testRows<{ id: number; imported: boolean }>(
    s.t.database.db,
    sql`select id::int, imported from web_orders where cart_id = ${header.salestableid}`,
  );
  expect(row!.imported).toBe(false);
  return row!.id;
}

const setType = (store: string, type: 0 | 1) =>
  call(s.t.app, admin, 'POST', '/api/instock/putstock', {
    INVENTLOCATIONID: store,
    JUMNOTICEMAIL: '',
    JUMRETURNMAIL: '',
    NOSYNC_StockCalcType: type,
  });

describe('the stock calculation type', () => {
  it('type 1 holds back what waiting web orders take, type 0 shows the ERP figure; an import gives it back', async () => {
    expect(await units()).toMatchObject({ MAD01: 5, VLC01: 5 });
    const madrid = await order('MAD01', 2);
    const valencia = await order('VLC01', 3);
    expect(await units()).toMatchObject({ MAD01: 3, VLC01: 5 });

    // The cart shows the same figures for a new line of the article.
    await addFrom(s.t.app, s.buyer, article, 'VLC01', 1);
    const cart = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcart')).json() as {
      cartitem_views: { id_articulo: number; availabilityinvent: { id_almacen: string; wsstock: number | null }[] }[];
    };
    const line = cart.cartitem_views.find((l) => l.id_articulo === article)!;
    expect(line.availabilityinvent.find((x) => x.id_almacen === 'MAD01')!.wsstock).toBe(3);
    expect(line.availabilityinvent.find((x) => x.id_almacen === 'VLC01')!.wsstock).toBe(5);

    // Once the ERP has imported the order, its stock figure is the truth again (the next stock sync lowers it).
    await s.t.database.db.execute(sql`update web_orders set imported = true where id in (${madrid}, ${valencia})`);
    expect(await units()).toMatchObject({ MAD01: 5, VLC01: 5 });
  });

  it('never shows fewer than 0, and then the store is out of stock in the catalogue and the article grid', async () => {
    await order('MAD01', 7);
    expect((await units()).MAD01).toBe(0);
    const list = await call(
      s.t.app,
      s.buyer,
      'GET',
      `/api/product/getlist?searchbyreference=${encodeURIComponent(ref)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const record = (
      list.json() as { records: { id_articulo: number; stock: { id_almacen: string; status: number }[] }[] }
    ).records.find((r) => r.id_articulo === article)!;
    // 1: only in another store (Valencia still has 5).
    expect(record.stock.find((x) => x.id_almacen === 'MAD01')!.status).toBe(1);
    const grid = await call(
      s.t.app,
      admin,
      'GET',
      `/api/inarticle/GetArticlesJqGrid?store=MAD01&filters=${encodeURIComponent(
        JSON.stringify({ groupOp: 'AND', rules: [{ field: 'ITEMID', op: 'eq', data: ref }] }),
      )}`,
    );
    expect(grid.statusCode, grid.body).toBe(200);
    expect((grid.json() as { rows: { Availability: number }[] }).rows).toEqual([
      expect.objectContaining({ Availability: 1 }),
    ]);
  });

  it('an article whose every unit waiting orders take is "held nowhere" (0) in the article grid', async () => {
    const nowhere = async () => {
      const grid = await call(
        s.t.app,
        admin,
        'GET',
        `/api/inarticle/GetArticlesJqGrid?store=MAD01&filters=${encodeURIComponent(
          JSON.stringify({
            groupOp: 'AND',
            rules: [
              { field: 'ITEMID', op: 'eq', data: ref },
              { field: 'Availability', op: 'eq', data: '0' },
            ],
          }),
        )}`,
      );
      expect(grid.statusCode, grid.body).toBe(200);
      return (grid.json() as { rows: { ITEMID: string }[] }).rows.map((r) => r.ITEMID);
    };
    // Only Madrid (type 1) holds any: 5 by the ERP, so the article's stock flag stays true.
    await s.t.database.db.execute(
      sql`update stock set quantity = 0 where article_id = ${article} and store_id <> 'MAD01'`,
    );
    try {
      expect(await nowhere()).toEqual([]);
      await order('MAD01', 5);
      expect(await nowhere()).toEqual([ref]);
    } finally {
      await s.t.database.db.execute(
        sql`update stock set quantity = 5 where article_id = ${article} and store_id = 'VLC01'`,
      );
    }
  });

  it('switching Madrid to type 0 shows the ERP figure at once, waiting orders or not', async () => {
    await order('MAD01', 4);
    expect((await units()).MAD01).toBe(1);
    expect((await setType('MAD01', 0)).statusCode).toBe(200);
    expect((await units()).MAD01).toBe(5);
    expect((await setType('MAD01', 1)).statusCode).toBe(200);
    expect((await units()).MAD01).toBe(1);
  });
});
