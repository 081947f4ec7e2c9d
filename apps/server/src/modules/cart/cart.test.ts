import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFrom, articlesInStore, call, emptyCart } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { totalsOf } from './cart.service.ts';

let t: TestApp;
let buyer: string;
let buyer2: string;
let admin: string;
let mad: { id: number; ref_jumasa: string }[];

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await makeUser(t, 'plateBuyer')).token;
  buyer2 = (await makeUser(t, 'buyer', { client: 'C00002' })).token;
  // Staff who take orders for clients (admin and permission to buy).
  admin = (await makeUser(t, 'staffBuyer')).token;
  mad = await articlesInStore(t, 'MAD01', 4);
});
afterAll(() => t.close());
beforeEach(async () => {
  await emptyCart(t.app, buyer);
  await emptyCart(t.app, buyer2);
});

const cart = async (token: string) => (await call(t.app, token, 'GET', '/api/incheckout/getcurrentcart')).json();

describe('the cart', () => {
  it('adds, adds to the same line, edits and counts', async () => {
    const a = mad[0]!.id;
    const first = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', { id_articulo: a, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(1);
    const again = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', { id_articulo: a, quantity: 3 });
    expect(again.json()).toMatchObject({ count: 1, line: { id_articulo: a, qty: 5 } });
    const id = again.json().line.id_linea;
    const edited = await call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', { id, quantity: 7 });
    expect(edited.json().line.qty).toBe(7);
    expect((await call(t.app, buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(1);
    const view = await cart(buyer);
    expect(view.cartitem_views).toHaveLength(1);
    expect(view.cartitem_views[0].netAmount).toBeCloseTo(view.cartitem_views[0].preciocliente * 7, 6);
  });

  it('starts a new line at the client’s home store when it may serve it', async () => {
    // buyer's client C00001 has its home store in Madrid (MAD01), where these articles are in stock.
    const added = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', {
      id_articulo: mad[1]!.id,
      quantity: 1,
    });
    expect(added.json().line.inventlocationchosenid).toBe('MAD01');
  });

  describe('the store a new line starts at, and what the line says when no store holds its quantity', () => {
    /** An article of the seed whose stock this test sets: `stock` maps store → units (others hold none). */
    async function articleWithStock(offset: number, stock: Record<string, number>) {
      const [row] = await testRows<{ id: number }>(
        t.database.db,
        sql`select a.id from articles a where a.stock_tracked order by a.id desc limit 1 offset ${offset}`,
      );
      await t.database.db.execute(sql`delete from stock where article_id = ${row!.id}`);
      for (const [store, quantity] of Object.entries(stock))
        await t.database.db.execute(
          sql`insert into stock (article_id, store_id, quantity) values (${row!.id}, ${store}, ${quantity})`,
        );
      return row!.id;
    }
    const add = async (id: number, quantity: number) =>
      (await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', { id_articulo: id, quantity })).json().line;

    it('starts at a store holding the quantity when the home store (MAD01) holds none of it', async () => {
      const id = await articleWithStock(0, { BCN01: 3, BIO01: 9 });
      const line = await add(id, 2);
      expect(line).toMatchObject({ inventlocationchosenid: 'BIO01', supply: 'stock' });
      const home = line.availabilityinvent.find((a: { id_almacen: string }) => a.id_almacen === 'MAD01');
      expect(home).toMatchObject({ status: 1, wsstock: 0 });
      // The line says why it is not at home (issue 25).
      expect(line.homeShort).toEqual({ nombre: 'Almacén Madrid Sur', wsstock: 0 });
    });

    it('prefers the home store when it holds the quantity, even if another store holds more', async () => {
      const id = await articleWithStock(1, { MAD01: 2, BIO01: 50 });
      const line = await add(id, 2);
      expect(line).toMatchObject({ inventlocationchosenid: 'MAD01', supply: 'stock', homeShort: null });
      // Moved by the user to another store while home holds the quantity: nothing to explain.
      const moved = await call(t.app, buyer, 'POST', '/api/incheckout/setinventorylocationtrans', {
        salesid: line.id_linea,
        locationid: 'BIO01',
      });
      expect(moved.statusCode).toBe(200);
      expect(
        (await cart(buyer)).cartitem_views.find((l: { id_linea: number }) => l.id_linea === line.id_linea),
      ).toMatchObject({
        inventlocationchosenid: 'BIO01',
        homeShort: null,
      });
    });

    it('when no store holds the quantity, starts at the home store and says the goods come by transfer', async () => {
      const id = await articleWithStock(2, { BCN01: 3, BIO01: 4 });
      const line = await add(id, 5);
      expect(line).toMatchObject({ inventlocationchosenid: 'MAD01', supply: 'transfer' });
      // Raising the quantity past what the chosen store holds says so too.
      const other = await add(await articleWithStock(3, { BIO01: 4 }), 4);
      expect(other).toMatchObject({ inventlocationchosenid: 'BIO01', supply: 'stock' });
      const raised = await call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', {
        id: other.id_linea,
        quantity: 6,
      });
      expect(raised.json().line).toMatchObject({ inventlocationchosenid: 'BIO01', supply: 'transfer' });
    });

    it('when no store has any, starts at the home store and says it is a back-order', async () => {
      const id = await articleWithStock(4, {});
      const line = await add(id, 1);
      expect(line).toMatchObject({ inventlocationchosenid: 'MAD01', supply: 'backorder' });
      expect(line.availabilityinvent).toEqual([
        { id_almacen: 'MAD01', nombre: 'Almacén Madrid Sur', status: 0, wsstock: 0 },
      ]);
      const view = await cart(buyer);
      expect(view.cartitem_views.find((l: { id_linea: number }) => l.id_linea === line.id_linea).supply).toBe(
        'backorder',
      );
    });
  });

  it('refuses a quantity that is not a whole number of at least 1, and writes nothing', async () => {
    const line = await addFrom(t.app, buyer, mad[0]!.id, 'MAD01', 2);
    for (const quantity of [0, -1, 1.5, 'x']) {
      const r = await call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', { id: line.id_linea, quantity });
      expect(r.statusCode).toBe(400);
    }
    expect((await cart(buyer)).cartitem_views[0].qty).toBe(2);
  });

  it('answers 404 for another user’s line, and leaves it alone', async () => {
    const line = await addFrom(t.app, buyer, mad[0]!.id, 'MAD01', 2);
    expect(
      (await call(t.app, buyer2, 'POST', '/api/incheckout/editItemCart', { id: line.id_linea, quantity: 9 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, buyer2, 'DELETE', `/api/incheckout/deletefromcurrentcart/${line.id_linea}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, buyer2, 'POST', '/api/incheckout/setinventorylocationtrans', {
          salesid: line.id_linea,
          locationid: 'MAD01',
        })
      ).statusCode,
    ).toBe(404);
    expect((await cart(buyer)).cartitem_views[0].qty).toBe(2);
  });

  it('takes units off a line and deletes it when none is left', async () => {
    const line = await addFrom(t.app, buyer, mad[0]!.id, 'MAD01', 3);
    const taken = await call(t.app, buyer, 'POST', '/api/incheckout/deleteFromCart', { itemid: line.id_linea, qty: 2 });
    expect(taken.json()).toMatchObject({ count: 1, line: { qty: 1 } });
    const gone = await call(t.app, buyer, 'POST', '/api/incheckout/deleteFromCart', { itemid: line.id_linea, qty: 1 });
    expect(gone.json()).toEqual({ count: 0, line: null });
  });

  it('adds by our reference (5 characters at least) and serves it from the store asked', async () => {
    const short = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcartfromrefjumasa', {
      ref_jumasa: 'AB12',
      quantity: 1,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('WARN_REFCodeShort');
    const ref = mad[2]!.ref_jumasa.toLowerCase().replace(/(.{3})/, '$1 ');
    const added = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcartfromrefjumasa', {
      ref_jumasa: ref,
      quantity: 2,
      almacen: 'MAD01',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().line).toMatchObject({ id_articulo: mad[2]!.id, qty: 2, inventlocationchosenid: 'MAD01' });
    const unknown = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcartfromrefjumasa', {
      ref_jumasa: 'ZZZZZZZZ9',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('only lets a line be served from a store in its availability', async () => {
    const [row] = await testRows<{ id: number }>(
      t.database.db,
      sql`select a.id from articles a where a.stock_tracked
            and not exists (select 1 from stock s where s.article_id = a.id and s.store_id = 'BIO01' and s.quantity > 0)
            and exists (select 1 from stock s where s.article_id = a.id and s.quantity > 0) limit 1`,
    );
    const added = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', {
      id_articulo: row!.id,
      quantity: 1,
    });
    const line = added.json().line;
    expect(line.availabilityinvent.map((a: { id_almacen: string }) => a.id_almacen)).not.toContain('BIO01');
    const refused = await call(t.app, buyer, 'POST', '/api/incheckout/setinventorylocationtrans', {
      salesid: line.id_linea,
      locationid: 'BIO01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('WARN_CartLocationNotFilled');
  });

  it('clears a chosen store that lost its stock when the line’s stock is read again', async () => {
    // The client's home store stays available (served by transfer); a store elsewhere that sells out does not.
    // An article in stock in the home store (MAD01) and in another store, picked from the seed.
    const [row] = await testRows<{ id: number; store_id: string }>(
      t.database.db,
      sql`select a.id, s.store_id from articles a join stock s on s.article_id = a.id
           where a.stock_tracked and s.store_id <> 'MAD01' and s.quantity > 0
             and exists (select 1 from stock m where m.article_id = a.id and m.store_id = 'MAD01' and m.quantity > 0)
           order by a.id, s.store_id limit 1`,
    );
    const line = await addFrom(t.app, buyer, row!.id, row!.store_id, 1);
    expect(line.inventlocationchosenid).toBe(row!.store_id);
    await t.database.db.execute(
      sql`update stock set quantity = 0 where article_id = ${row!.id} and store_id = ${row!.store_id}`,
    );
    const refreshed = await call(t.app, buyer, 'POST', '/api/incheckout/updateItemCartStock', { id: line.id_linea });
    expect(refreshed.json().line.inventlocationchosenid).toBeNull();
    expect(refreshed.json().line.availabilityinvent.map((a: { id_almacen: string }) => a.id_almacen)).not.toContain(
      row!.store_id,
    );
  });

  it('keeps two tabs consistent: concurrent adds sum, concurrent edits leave one value', async () => {
    const a = mad[0]!.id;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', { id_articulo: a, quantity: 1 }),
      ),
    );
    const view = await cart(buyer);
    expect(view.cartitem_views).toHaveLength(1);
    expect(view.cartitem_views[0].qty).toBe(6);
    const id = view.cartitem_views[0].id_linea;
    const edits = await Promise.all([
      call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', { id, quantity: 2 }),
      call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', { id, quantity: 4 }),
    ]);
    expect(edits.map((r) => r.statusCode)).toEqual([200, 200]);
    const edited = await cart(buyer);
    expect(edited.cartitem_views).toHaveLength(1);
    expect([2, 4]).toContain(edited.cartitem_views[0].qty);
    // An edit racing a delete: whichever runs first, the line ends deleted (an edit after the delete is a 404).
    const [edit, removed] = await Promise.all([
      call(t.app, buyer, 'POST', '/api/incheckout/editItemCart', { id, quantity: 3 }),
      call(t.app, buyer, 'DELETE', `/api/incheckout/deletefromcurrentcart/${id}`),
    ]);
    expect(removed.statusCode).toBe(200);
    expect([200, 404]).toContain(edit.statusCode);
    expect((await cart(buyer)).cartitem_views).toEqual([]);
    const lines = await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cart_lines where id = ${id}`,
    );
    expect(lines[0]!.n).toBe(0);
  });

  it('lists stock messages towards the caller’s home store', async () => {
    const messages = (await call(t.app, buyer, 'GET', '/api/incheckout/getmessagesbyuser')).json();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m: { destino: string }) => m.destino === 'MAD01')).toBe(true);
    const origin = messages[0].origen;
    expect((await call(t.app, buyer, 'GET', `/api/incheckout/ShowMessage?origen=${origin}`)).json()).toEqual({
      show: true,
    });
    expect((await call(t.app, buyer, 'GET', `/api/incheckout/ReturnMessage?origen=${origin}`)).json().mensaje).toBe(
      messages[0].mensaje,
    );
    expect((await call(t.app, buyer, 'GET', '/api/incheckout/getubicacioncod')).json()).toMatchObject({
      ubicacion: 'MAD01',
      ubication: 1,
    });
  });
});

describe('third brand: the client the cart is for', () => {
  it('lets staff buy for a client and keeps that cart apart', async () => {
    const clients = (await call(t.app, admin, 'GET', '/api/incheckout/getcartclients_vidriauto?orderBy=Name')).json();
    expect(clients.length).toBeGreaterThan(10);
    const names = clients.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const set = await call(t.app, admin, 'POST', '/api/incheckout/setcurrentcartclient_vidriauto', {
      custAccount: 'C00002',
    });
    expect(set.json()).toMatchObject({ accountnum: 'C00002' });
    expect((await call(t.app, admin, 'GET', '/api/incheckout/getcurrentcartclient_vidriauto')).json().accountnum).toBe(
      'C00002',
    );
    expect((await cart(admin)).clientid).toBe('C00002');
    const added = await call(t.app, admin, 'POST', '/api/incheckout/addtocurrentcart', {
      id_articulo: mad[0]!.id,
      quantity: 1,
    });
    expect(added.statusCode).toBe(200);
    expect((await call(t.app, buyer2, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(0);
    // Prices are the chosen client's.
    const price = (await call(t.app, buyer2, 'GET', `/api/product/getprice/${mad[0]!.id}`)).json();
    expect(added.json().line.preciocliente).toBe(price.preciocliente);
  });

  it('lets anyone else see and choose only their own client', async () => {
    const clients = (await call(t.app, buyer, 'GET', '/api/incheckout/getcartclients_vidriauto')).json();
    expect(clients).toEqual([{ accountnum: 'C00001', name: expect.any(String) }]);
    expect(
      (await call(t.app, buyer, 'POST', '/api/incheckout/setcurrentcartclient_vidriauto', { custAccount: 'C00002' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('cart totals', () => {
  it('are exact to the cent for any prices and quantities', () => {
    const price = fc
      .integer({ min: 0, max: 9_999_999 })
      .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.array(fc.record({ pv1d: price, net: price, quantity: fc.integer({ min: 1, max: 9999 }) }), {
          maxLength: 60,
        }),
        (rows) => {
          const totals = totalsOf(rows);
          const cents = (s: string) => BigInt(s.replace('.', ''));
          const list = rows.reduce((a, r) => a + cents(r.pv1d) * BigInt(r.quantity), 0n);
          const net = rows.reduce((a, r) => a + cents(r.net) * BigInt(r.quantity), 0n);
          expect(Math.round(totals.listAmount * 100)).toBe(Number(list));
          expect(Math.round(totals.netAmount * 100)).toBe(Number(net));
          expect(totals.units).toBe(rows.reduce((a, r) => a + r.quantity, 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
