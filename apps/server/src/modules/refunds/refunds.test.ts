import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  call,
  emptyRefundsCart,
  finishRefundsCart,
  makeReturnDocuments,
  openRefundsCart,
} from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let db: Db;
/** Documents no test writes to (the calls below only read them or are refused); a test that returns makes its own. */
let ids: Awaited<ReturnType<typeof makeReturnDocuments>>;
let buyer: ReturnType<typeof call>;
let buyerName: string;
let buyer2: ReturnType<typeof call>;
let admin: ReturnType<typeof call>;
let anon: ReturnType<typeof call>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ids = await makeReturnDocuments(db, 'A');
  const buyerUser = await makeUser(t, 'plateBuyer');
  buyerName = buyerUser.username;
  buyer = call(t.app.inject.bind(t.app), buyerUser.token);
  buyer2 = call(t.app.inject.bind(t.app), (await makeUser(t, 'buyer', { client: 'C00002' })).token);
  admin = call(t.app.inject.bind(t.app), (await makeUser(t, 'admin')).token);
  anon = call(t.app.inject.bind(t.app), null);
}, 240_000);
afterAll(() => t.close());

const count = async (table: 'refunds' | 'refund_lines' | 'refund_events' | 'mail_outbox') => {
  const [row] = await testRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return Number(row!.n);
};
const written = async () => [await count('refunds'), await count('refund_lines'), await count('refund_events')];
const P = '/api/inrefund';
const add = (who: ReturnType<typeof call>, body: object) => who('POST', `${P}/addarticletorefund`, body);
/** Packing slips and an invoice of this test's own (tags A1, A2, …), nothing returned from them yet. */
let made = 0;
const freshDocuments = () => makeReturnDocuments(db, `A${++made}`);

describe('who may call', () => {
  it('answers 401 to anonymous callers on every call', async () => {
    const calls: [string, string][] = [
      ['GET', 'comprobarrolusuario'],
      ['GET', 'getreturnreasons'],
      ['GET', `comprobardevolucion?packingslipid=${ids.slip}&linenum=1`],
      ['GET', 'getrefundscart'],
      ['GET', 'comprobarcarritovacio'],
      ['GET', 'getreturntablewebid'],
      ['POST', 'addarticletorefund'],
      ['DELETE', 'deletefromcurrentcart/1'],
      ['POST', 'editItemCart'],
      ['POST', 'editItemComentario'],
      ['POST', 'finishCart'],
      ['POST', 'AddFilesToRefund'],
      ['GET', 'GetFiles?itemid=1'],
      ['POST', 'DeleteFile'],
      ['GET', 'getlinesbyrefundid/1'],
      ['GET', 'getallheadersjqgrid'],
      ['GET', 'GetAllStatusjqFilter'],
      ['GET', 'getrefund/1'],
      ['GET', 'file/1'],
      ['GET', 'creditnote/1'],
      ['POST', 'receive'],
      ['POST', 'decideline'],
      ['POST', 'addnote'],
    ];
    for (const [method, path] of calls) {
      const res = await anon(method as 'GET', `${P}/${path}`, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await anon('POST', '/api/inpackingslip/refund/', {})).statusCode).toBe(401);
    expect((await anon('POST', '/api/ininvoice/refund/', {})).statusCode).toBe(401);
  });

  it('answers 1 to customers who may buy and 0 to staff, and staff may not add (403)', async () => {
    expect((await buyer('GET', `${P}/comprobarrolusuario`)).json()).toBe(1);
    expect((await admin('GET', `${P}/comprobarrolusuario`)).json()).toBe(0);
    const before = await written();
    const res = await add(admin, { packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 1 });
    expect(res.statusCode).toBe(403);
    expect(await written()).toEqual(before);
  });

  it('refuses the staff calls to customers (403)', async () => {
    for (const path of ['receive', 'decideline', 'addnote', 'requeueerp']) {
      const res = await buyer('POST', `${P}/${path}`, { id: 1, decision: 'accepted', body: 'x' });
      expect(res.statusCode, path).toBe(403);
    }
  });
});

describe('reasons and what can be returned', () => {
  it('lists the five reasons in each language', async () => {
    const es = (await buyer('GET', `${P}/getreturnreasons`)).json();
    const pt = (await buyer('GET', `${P}/getreturnreasons?lang=pt`)).json();
    expect(es.map((r: { name: string }) => r.name)).toEqual([
      'Pieza equivocada',
      'Defecto de fabricación',
      'Rota en el transporte',
      'Pedida por error',
      'No sirve para el vehículo',
    ]);
    expect(pt[4].name).toBe('Não serve para o veículo');
    expect((await buyer('GET', `${P}/getreturnreasons?lang=fr`)).json()[0].name).toBe('Mauvaise pièce');
    expect((await buyer('GET', `${P}/getreturnreasons?lang=en`)).json()[2].name).toBe('Broken in transport');
  });

  it('answers the delivered quantity, what is left and the window of a line', async () => {
    const res = await buyer('GET', `${P}/comprobardevolucion?packingslipid=${ids.slip}&linenum=1`);
    expect(res.statusCode).toBe(200);
    const line = res.json();
    expect(line).toMatchObject({ delivered: 5, returned: 0, maxquantity: 5, expired: false, returnable: 1 });
    const old = (await buyer('GET', `${P}/comprobardevolucion?packingslipid=${ids.old}&linenum=1`)).json();
    expect(old).toMatchObject({ expired: true, returnable: 0, maxquantity: 4 });
    expect(old.deadline < line.deadline).toBe(true);
    const lines = (await buyer('GET', `${P}/getreturnablelines?packingslipid=${ids.slip}`)).json();
    expect(lines.map((l: { maxquantity: number }) => l.maxquantity)).toEqual([5, 1, 3]);
  });

  it('answers 404 for another client’s packing slip or invoice, and a line that does not exist', async () => {
    expect((await buyer('GET', `${P}/comprobardevolucion?packingslipid=${ids.other}&linenum=1`)).statusCode).toBe(404);
    expect((await buyer2('GET', `${P}/comprobardevolucion?packingslipid=${ids.slip}&linenum=1`)).statusCode).toBe(404);
    expect((await buyer2('GET', `${P}/comprobardevolucion?invoiceid=${ids.invoice}&linenum=1`)).statusCode).toBe(404);
    expect((await buyer('GET', `${P}/comprobardevolucion?packingslipid=${ids.slip}&linenum=9`)).statusCode).toBe(404);
    expect((await buyer2('GET', `${P}/getreturnablelines?packingslipid=${ids.slip}`)).statusCode).toBe(404);
  });

  it('finds the packing slip line of an invoice line', async () => {
    const res = await buyer('GET', `${P}/comprobardevolucion?invoiceid=${ids.invoice}&linenum=1`);
    expect(res.json()).toMatchObject({ packingslipid: ids.slip, linenum: 3, maxquantity: 3 });
  });
});

describe('the refunds cart', () => {
  // The buyer has one open refunds cart: each test starts with it empty, whatever a test before it left there.
  beforeEach(() => emptyRefundsCart(buyer));

  it('refuses bad input with the rule’s key and writes nothing', async () => {
    const before = await written();
    const cases: [object, string][] = [
      [{ packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 0 }, 'WARN_RefundQuantityMin'],
      [{ packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 1.5 }, 'WARN_RefundQuantityWhole'],
      [{ packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 'dos' }, 'WARN_RefundQuantityWhole'],
      [{ packingslipid: ids.slip, linenum: 1, quantity: 1 }, 'WARN_RefundReasonRequired'],
      [{ packingslipid: ids.slip, linenum: 1, motivo: 99, quantity: 1 }, 'WARN_RefundReasonRequired'],
      [{ packingslipid: ids.slip, motivo: 1, quantity: 1 }, 'WARN_RefundLineRequired'],
      [{ packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 6 }, 'WARN_RefundQuantityMax'],
      [{ packingslipid: ids.old, linenum: 1, motivo: 1, quantity: 1 }, 'WARN_RefundWindowExpired'],
    ];
    for (const [body, key] of cases) {
      const res = await add(buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(key);
    }
    expect(await written()).toEqual(before);
    expect((await buyer('GET', `${P}/comprobarcarritovacio`)).json()).toBe(1);
  });

  it('answers 404 for another client’s line, and writes nothing', async () => {
    const before = await written();
    expect((await add(buyer, { packingslipid: ids.other, linenum: 1, motivo: 1, quantity: 1 })).statusCode).toBe(404);
    expect(
      (await buyer2('POST', '/api/ininvoice/refund/', { invoiceid: ids.invoice, linenum: 1, motivo: 1, quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('adds, merges, edits and removes lines within what can still be returned', async () => {
    const docs = await freshDocuments();
    const first = await add(buyer, {
      packingslipid: docs.slip,
      linenum: 1,
      motivo: 2,
      quantity: 2,
      userscomentarios: 'Golpe',
    });
    expect(first.statusCode).toBe(200);
    const { id: lineId, returntablewebid } = first.json();
    // The same line again: added to the cart's line.
    const again = await buyer('POST', '/api/inpackingslip/refund/', {
      packingslipid: docs.slip,
      linenum: 1,
      motivo: 2,
      quantity: 2,
    });
    expect(again.json()).toEqual({ id: lineId, returntablewebid });
    const over = await add(buyer, { packingslipid: docs.slip, linenum: 1, motivo: 2, quantity: 2 });
    expect(over.json().message).toBe('WARN_RefundQuantityMax');
    let cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    expect(cart.Id).toBe(returntablewebid);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      quantity: 4,
      maxquantity: 5,
      motivo_name: 'Defecto de fabricación',
      userscomentarios: 'Golpe',
    });
    expect((await buyer('GET', `${P}/comprobarcarritovacio`)).json()).toBe(0);
    expect((await buyer('GET', `${P}/getreturntablewebid?packingslipid=${docs.slip}&linenum=1`)).json()).toEqual({
      returntablewebid,
      lineid: lineId,
    });
    // The check sees what the cart asks.
    const check = (await buyer('GET', `${P}/comprobardevolucion?packingslipid=${docs.slip}&linenum=1`)).json();
    expect(check).toMatchObject({ returned: 4, maxquantity: 1 });

    const tooMany = await buyer('POST', `${P}/editItemCart`, { id: lineId, quantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('WARN_RefundQuantityMax');
    const zero = await buyer('POST', `${P}/editItemCart`, { id: lineId, quantity: 0 });
    expect(zero.json().message).toBe('WARN_RefundQuantityMin');
    const edited = await buyer('POST', `${P}/editItemCart`, { id: lineId, quantity: 5 });
    expect(edited.json()).toMatchObject({ quantity: 5 });
    const comment = await buyer('POST', `${P}/editItemComentario`, { id: lineId, userscomentarios: 'Caja rota' });
    expect(comment.json()).toMatchObject({ userscomentarios: 'Caja rota' });
    // Another client's cart line does not exist for them.
    expect((await buyer2('POST', `${P}/editItemCart`, { id: lineId, quantity: 1 })).statusCode).toBe(404);
    expect((await buyer2('POST', `${P}/editItemComentario`, { id: lineId, userscomentarios: 'x' })).statusCode).toBe(
      404,
    );
    expect((await buyer2('DELETE', `${P}/deletefromcurrentcart/${lineId}`)).statusCode).toBe(404);

    const second = await add(buyer, { packingslipid: docs.slip, linenum: 2, motivo: 1, quantity: 1 });
    expect(second.statusCode).toBe(200);
    expect((await buyer('DELETE', `${P}/deletefromcurrentcart/${second.json().id}`)).statusCode).toBe(200);
    cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    expect(cart.lines.map((l: { id: number }) => l.id)).toEqual([lineId]);
  });

  it('adds an invoice line as the packing slip line it was delivered on', async () => {
    const docs = await freshDocuments();
    const res = await buyer('POST', '/api/ininvoice/refund/', {
      invoiceid: docs.invoice,
      linenum: 1,
      motivo: 5,
      quantity: 1,
    });
    expect(res.statusCode).toBe(200);
    const cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    expect(cart.lines.find((l: { id: number }) => l.id === res.json().id)).toMatchObject({
      packingslipid: docs.slip,
      id_linea: 3,
      quantity: 1,
      motivo_name: 'No sirve para el vehículo',
    });
  });
});

describe('finishing the cart', () => {
  beforeEach(() => emptyRefundsCart(buyer));

  it('refuses missing or bad observations and an address not the client’s, writing nothing', async () => {
    await openRefundsCart(buyer, await freshDocuments());
    const cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    const addresses = (await buyer('GET', `${P}/getreturnaddresses`)).json();
    expect(addresses.length).toBeGreaterThan(0);
    const [other] = await testRows<{ id: number }>(
      db,
      sql`select id from client_addresses where client_accountnum = 'C00002' limit 1`,
    );
    const before = [...(await written()), await count('mail_outbox')];
    const cases: [object, string][] = [
      [{ id: cart.Id, Direccion_Usuario: addresses[0].id }, 'WARN_RefundObservationsRequired'],
      [{ id: cart.Id, observations: '   ', Direccion_Usuario: addresses[0].id }, 'WARN_RefundObservationsRequired'],
      [
        { id: cart.Id, observations: 'Hola; <b>', Direccion_Usuario: addresses[0].id },
        'WARN_RefundObservationsCharacters',
      ],
      [{ id: cart.Id, observations: 'Devolucion', Direccion_Usuario: other!.id }, 'WARN_RefundAddressRequired'],
      [{ id: cart.Id, observations: 'Devolucion' }, 'WARN_RefundAddressRequired'],
    ];
    for (const [body, key] of cases) {
      const res = await buyer('POST', `${P}/finishCart`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(
      (await buyer2('POST', `${P}/finishCart`, { id: cart.Id, observations: 'x', Direccion_Usuario: other!.id }))
        .statusCode,
    ).toBe(404);
    expect([...(await written()), await count('mail_outbox')]).toEqual(before);
  });

  it('makes one refund, e-mails the customer and the store’s return address, and lists it', async () => {
    // A cart of two lines, six units: line 1's five units and the invoice's line (the packing slip's line 3).
    await openRefundsCart(buyer, await freshDocuments());
    const cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    const [address] = (await buyer('GET', `${P}/getreturnaddresses`)).json();
    const res = await buyer('POST', `${P}/finishCart`, {
      id: cart.Id,
      observations: 'Piezas con golpe 2 unidades',
      Direccion_Usuario: address.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returntablewebid: cart.Id });
    expect((await buyer('GET', `${P}/comprobarcarritovacio`)).json()).toBe(1);
    await t.app.mailOutbox.settled();
    const to = t.mails.filter((m) => m.subject.includes(`Devolución ${cart.Id} solicitada`)).map((m) => m.to);
    expect(to.sort()).toEqual([`${buyerName}@test.example`, ids.store.return_email].sort());

    const grid = (await buyer('GET', `${P}/getallheadersjqgrid`)).json();
    expect(grid.rows[0]).toMatchObject({
      Id: cart.Id,
      STATUS: 1,
      STAGE: 'requested',
      OBSERVATIONS: 'Piezas con golpe 2 unidades',
      CUSTACCOUNT: 'C00001',
      INVENTLOCATIONID: ids.store.id,
      Direccion_Usuario: address.label,
      LINES: 2,
      QUANTITY: 6,
    });
    const lines = (await buyer('GET', `${P}/getlinesbyrefundid/${cart.Id}`)).json();
    expect(lines).toHaveLength(2);
    const detail = (await buyer('GET', `${P}/getrefund/${cart.Id}`)).json();
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['requested']);
    expect(detail.notes).toBeUndefined();
    // Another client: as if it did not exist.
    expect((await buyer2('GET', `${P}/getrefund/${cart.Id}`)).statusCode).toBe(404);
    expect((await buyer2('GET', `${P}/getlinesbyrefundid/${cart.Id}`)).statusCode).toBe(404);
    const other = (await buyer2('GET', `${P}/getallheadersjqgrid`)).json();
    expect(other.rows.some((r: { Id: number }) => r.Id === cart.Id)).toBe(false);
    // Staff see it among every client's, with the client's name.
    const all = (await admin('GET', `${P}/getallheadersjqgrid?sidx=Id&sord=desc`)).json();
    expect(all.rows.find((r: { Id: number }) => r.Id === cart.Id)).toMatchObject({ CUSTNAME: expect.any(String) });
  });

  it('filters by status (All = -1) and refuses an unknown column', async () => {
    await finishRefundsCart(buyer, await openRefundsCart(buyer, await freshDocuments()));
    const filter = (status: number) =>
      buyer(
        'GET',
        `${P}/getallheadersjqgrid?_search=true&filters=${encodeURIComponent(
          JSON.stringify({ groupOp: 'AND', rules: [{ field: 'STATUS', op: 'eq', data: String(status) }] }),
        )}`,
      );
    const pending = (await filter(1)).json();
    expect(pending.rows.length).toBeGreaterThan(0);
    expect(pending.rows.every((r: { STATUS: number }) => r.STATUS === 1)).toBe(true);
    expect((await filter(-1)).json().records).toBeGreaterThanOrEqual(pending.records);
    const bad = await buyer('GET', `${P}/getallheadersjqgrid?sidx=password`);
    expect(bad.statusCode).toBe(400);
    const options = (await buyer('GET', `${P}/GetAllStatusjqFilter`)).json();
    expect(options.map((o: { id: number }) => o.id)).toEqual([-1, 0, 1, 2, 3]);
  });

  it('counts a finished refund’s lines against the next return of the same line', async () => {
    const docs = await freshDocuments();
    await finishRefundsCart(buyer, await openRefundsCart(buyer, docs));
    // 5 of 5 units of line 1 are asked by the finished refund.
    const res = await add(buyer, { packingslipid: docs.slip, linenum: 1, motivo: 1, quantity: 1 });
    expect(res.json().message).toBe('WARN_RefundQuantityMax');
    const lines = (await buyer('GET', `${P}/getreturnablelines?packingslipid=${docs.slip}`)).json();
    expect(lines.map((l: { maxquantity: number; returnable: number }) => [l.maxquantity, l.returnable])).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
    ]);
  });

  it('lets the customer cancel a refund not yet received, which frees its quantities', async () => {
    const docs = await freshDocuments();
    const added = await add(buyer, { packingslipid: docs.slip, linenum: 2, motivo: 4, quantity: 1 });
    const [address] = (await buyer('GET', `${P}/getreturnaddresses`)).json();
    const id = added.json().returntablewebid;
    await buyer('POST', `${P}/finishCart`, { id, observations: 'Error de pedido', Direccion_Usuario: address.id });
    expect(
      (await buyer('GET', `${P}/comprobardevolucion?packingslipid=${docs.slip}&linenum=2`)).json().maxquantity,
    ).toBe(0);
    expect((await buyer2('POST', `${P}/cancel`, { id })).statusCode).toBe(404);
    expect((await buyer('POST', `${P}/cancel`, { id })).statusCode).toBe(200);
    expect(
      (await buyer('GET', `${P}/comprobardevolucion?packingslipid=${docs.slip}&linenum=2`)).json().maxquantity,
    ).toBe(1);
    const again = await buyer('POST', `${P}/cancel`, { id });
    expect(again.json().message).toBe('WARN_RefundStateChanged');
  });
});
