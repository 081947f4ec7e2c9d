import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeParameters } from '../../lib/redsys.ts';
import { asSigned, call, checkoutSuite, notificationFor, notify } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { makeUser } from '../../test/users.ts';

/** Payment methods (issue 16; decision 0042): the admin calls, and the calculation type applied at checkout. */
const s = checkoutSuite();
const P = '/api/inpaymentmethod';
let admin = '';
let clientAdmin = '';
beforeAll(async () => {
  admin = (await makeUser(s.t, 'admin')).token;
  clientAdmin = (await makeUser(s.t, 'clientadmin')).token;
});

type Method = {
  id: number;
  name: string;
  calc_type: number;
  calc_percent_bp: number;
  client_accountnum: string | null;
};
const methods = () =>
  testRows<Method>(
    s.t.database.db,
    sql`select id, name, calc_type, calc_percent_bp, client_accountnum from payment_methods order by id`,
  );
const offers = async (id: number) =>
  (
    await testRows<{ a: string }>(
      s.t.database.db,
      sql`select client_accountnum as a from client_payment_methods where payment_method_id = ${id} order by 1`,
    )
  ).map((r) => r.a);
const valid = (over: Record<string, unknown> = {}) => ({
  Id_Tarjeta: 0,
  Nombre: 'Transferencia',
  Descripcion: 'Transferencia bancaria a 30 días',
  Forma_Pago_Cod: 0,
  Canal_Pago_Cod: 0,
  NOSYNC_PaymentmethodCalcType: 0,
  Porcentaje: 0,
  SW_Activo: true,
  ...over,
});
const put = (token: string, body: object) => call(s.t.app, token, 'POST', `${P}/putpaymentmethod`, body);
const cents = (euros: number) => Math.round(euros * 100);

describe('authorization', () => {
  it('answers 401 anonymous and 403 to a client admin or a buyer, writing nothing', async () => {
    const before = await methods();
    const urls = [`${P}/GetPaymentMethodJqGrid`, `${P}/getpaymentmethod/1`];
    for (const url of urls) {
      expect((await s.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call(s.t.app, clientAdmin, 'GET', url)).statusCode).toBe(403);
      expect((await call(s.t.app, s.buyer, 'GET', url)).statusCode).toBe(403);
    }
    expect((await s.t.app.inject({ method: 'POST', url: `${P}/putpaymentmethod`, payload: valid() })).statusCode).toBe(
      401,
    );
    expect((await put(clientAdmin, valid())).statusCode).toBe(403);
    expect((await put(s.buyer, valid())).statusCode).toBe(403);
    expect(await methods()).toEqual(before);
  });
});

describe('reading', () => {
  it('pages the methods by name, filters them, and refuses an unknown column', async () => {
    const all = await methods();
    const res = await call(s.t.app, admin, 'GET', `${P}/GetPaymentMethodJqGrid?rows=30`);
    const grid = res.json() as { records: number; rows: { Nombre: string; Forma_Pago_Cod: number }[] };
    expect(grid.records).toBe(all.length);
    const names = grid.rows.map((r) => r.Nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Forma_Pago_Cod', op: 'eq', data: '1' }] });
    const cards = await call(
      s.t.app,
      admin,
      'GET',
      `${P}/GetPaymentMethodJqGrid?_search=true&filters=${encodeURIComponent(filters)}`,
    );
    expect(cards.json().rows.length).toBeGreaterThan(0);
    for (const r of cards.json().rows) expect(r.Forma_Pago_Cod).toBe(1);
    const bad = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'secret', op: 'eq', data: '1' }] });
    expect(
      (await call(s.t.app, admin, 'GET', `${P}/GetPaymentMethodJqGrid?_search=true&filters=${encodeURIComponent(bad)}`))
        .statusCode,
    ).toBe(400);
  });

  it('reads one method, 404 for an unknown one', async () => {
    const [first] = await methods();
    const res = await call(s.t.app, admin, 'GET', `${P}/getpaymentmethod/${first!.id}`);
    expect(res.json()).toMatchObject({ Id_Tarjeta: first!.id, Nombre: first!.name, Porcentaje: 0 });
    expect((await call(s.t.app, admin, 'GET', `${P}/getpaymentmethod/999999`)).statusCode).toBe(404);
  });
});

describe('putpaymentmethod', () => {
  it('creates a method for every client, or for one client alone (c_id)', async () => {
    const general = await put(admin, valid({ Nombre: 'Transferencia general' }));
    expect(general.json()).toMatchObject({ message: 'WARN_SaveOK' });
    const clients = await testRows<{ n: number }>(
      s.t.database.db,
      sql`select count(*)::int as n from clients where not is_work_zone`,
    );
    expect((await offers(general.json().Id_Tarjeta)).length).toBe(clients[0]!.n);

    const own = await put(
      admin,
      valid({ Nombre: 'Pronto pago C00002', NOSYNC_PaymentmethodCalcType: 2, Porcentaje: '2,5', c_id: 'C00002' }),
    );
    const id = own.json().Id_Tarjeta as number;
    expect(await offers(id)).toEqual(['C00002']);
    const read = (await call(s.t.app, admin, 'GET', `${P}/getpaymentmethod/${id}`)).json();
    expect(read).toMatchObject({ NOSYNC_PaymentmethodCalcType: 2, Porcentaje: 2.5, Cliente_Id: 'C00002' });
    // Offered at checkout to that client only.
    const ids = async (token: string) =>
      (await call(s.t.app, token, 'GET', '/api/incheckout/getPaymentMethods'))
        .json()
        .availablemethods.map((m: { id: number }) => m.id);
    expect(await ids(s.buyer2)).toContain(id);
    expect(await ids(s.buyer)).not.toContain(id);
  });

  it('changes a method, and 404 for an unknown id', async () => {
    const id = (await put(admin, valid({ Nombre: 'Para cambiar' }))).json().Id_Tarjeta as number;
    const res = await put(admin, valid({ Id_Tarjeta: id, Nombre: 'Cambiado', SW_Activo: false }));
    expect(res.statusCode).toBe(200);
    expect((await methods()).find((m) => m.id === id)!.name).toBe('Cambiado');
    expect((await put(admin, valid({ Id_Tarjeta: 999999 }))).statusCode).toBe(404);
  });

  it('refuses bad input with the rule’s key and writes nothing', async () => {
    const before = await methods();
    const cases: [object, string][] = [
      [valid({ Nombre: '  ' }), 'MSG_RulesNameRequired'],
      [valid({ Nombre: 'x'.repeat(61) }), 'MSG_RulesNameTooLong'],
      [valid({ Forma_Pago_Cod: 3 }), 'MSG_RulesPaymentFormInvalid'],
      [valid({ Canal_Pago_Cod: 1 }), 'MSG_RulesPaymentChannelInvalid'],
      [valid({ Forma_Pago_Cod: 1, Canal_Pago_Cod: 0 }), 'MSG_RulesPaymentChannelMismatch'],
      [valid({ NOSYNC_PaymentmethodCalcType: 5 }), 'MSG_RulesCalcTypeInvalid'],
      [valid({ NOSYNC_PaymentmethodCalcType: 1, Porcentaje: 0 }), 'MSG_RulesPercentInvalid'],
      [valid({ NOSYNC_PaymentmethodCalcType: 1, Porcentaje: '20,01' }), 'MSG_RulesPercentInvalid'],
      [valid({ NOSYNC_PaymentmethodCalcType: 2, Porcentaje: '1,234' }), 'MSG_RulesPercentInvalid'],
      [valid({ c_id: 'C99999' }), 'MSG_RulesClientUnknown'],
    ];
    for (const [body, key] of cases) {
      const res = await put(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(key);
    }
    expect(await methods()).toEqual(before);
  });
});

describe('the calculation type at checkout', () => {
  const setCard = (bp: number, type: number) =>
    s.t.database.db.execute(
      sql`update payment_methods set calc_type = ${type}, calc_percent_bp = ${bp} where id = ${s.methods.card}`,
    );

  it('adds a card surcharge to the base before VAT and charges it; a later change moves no prepared checkout', async () => {
    const card = (await call(s.t.app, admin, 'GET', `${P}/getpaymentmethod/${s.methods.card}`)).json();
    expect(
      (
        await put(admin, {
          ...card,
          NOSYNC_PaymentmethodCalcType: 1,
          Porcentaje: '1,5',
          c_id: undefined,
          Cliente_Id: undefined,
        })
      ).statusCode,
    ).toBe(200);
    const { header, locations, prepared } = await s.preparedCardCheckout();
    // The header of the prepared cart shows what each store's chosen method computes.
    const shown = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getLocationsPerCurrentCartFull')).json();
    const madrid = shown.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'MAD01');
    const net = cents(madrid.netAmount);
    const surcharge = Math.floor((net * 150 + 5000) / 10000);
    const vat = Math.floor(((net + surcharge) * 2100 + 5000) / 10000);
    expect(cents(madrid.totalAmount)).toBe(net + surcharge + vat);
    expect(cents(madrid.vatAmount)).toBe(vat);
    expect(decodeParameters(prepared.ds_merchantparameters).DS_MERCHANT_AMOUNT).toBe(String(net + surcharge + vat));
    // Barcelona pays cash: nothing added.
    const barcelona = shown.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'BCN01');
    expect(cents(barcelona.totalAmount)).toBe(cents(barcelona.netAmount) + cents(barcelona.vatAmount));

    // The admin changes the method after the checkout was prepared: the prepared checkout and its charge hold.
    await setCard(500, 1);
    await notify(s.t.app, notificationFor(asSigned(prepared)));
    await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    const orders = await testRows<{ total: number; vat: number; net: number }>(
      s.t.database.db,
      sql`select (total_amount * 100)::int as total, (vat_amount * 100)::int as vat, (net_amount * 100)::int as net
            from web_orders where cart_id = ${header.salestableid} and store_id = 'MAD01'`,
    );
    expect(orders).toEqual([{ net, vat, total: net + surcharge + vat }]);
    const mails = await testRows<{ body: string }>(
      s.t.database.db,
      sql`select body from mail_outbox where body like ${`Pedido web%Recargo%`} order by id desc limit 1`,
    );
    expect(mails[0]!.body).toContain('1,5 %:');
    await setCard(0, 0);
  });

  it('takes a cash discount off the base before VAT', async () => {
    await s.t.database.db.execute(
      sql`update payment_methods set calc_type = 2, calc_percent_bp = 300 where id = ${s.methods.cash}`,
    );
    const { header } = await s.preparedCardCheckout();
    const shown = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getLocationsPerCurrentCartFull')).json();
    const barcelona = shown.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'BCN01');
    const net = cents(barcelona.netAmount);
    const discount = Math.floor((net * 300 + 5000) / 10000);
    const vat = Math.floor(((net - discount) * 2100 + 5000) / 10000);
    expect(cents(barcelona.vatAmount)).toBe(vat);
    expect(cents(barcelona.totalAmount)).toBe(net - discount + vat);
    const stored = await testRows<{ checkout: { locations: { storeId: string; paymentCalc?: object }[] } }>(
      s.t.database.db,
      sql`select checkout from carts where id = ${header.salestableid}`,
    );
    expect(stored[0]!.checkout.locations.find((l) => l.storeId === 'BCN01')!.paymentCalc).toEqual({
      calcType: 2,
      percentBp: 300,
      adjustment: `-${(discount / 100).toFixed(2)}`,
      base: ((net - discount) / 100).toFixed(2),
    });
    await s.t.database.db.execute(
      sql`update payment_methods set calc_type = 0, calc_percent_bp = 0 where id = ${s.methods.cash}`,
    );
  });
});
