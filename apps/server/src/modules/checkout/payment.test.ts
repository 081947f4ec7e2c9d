import type { PrepareCheckoutResponse } from '@portal/contract/cart';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { decodeParameters } from '../../lib/redsys.ts';
import {
  addFrom,
  asSigned,
  call,
  checkoutSuite,
  filledLocations,
  notificationFor,
  notify,
  webOrdersOf,
} from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { PAYMENT_MESSAGES_PER_MINUTE } from './payment.routes.ts';

const s = checkoutSuite();

describe('paying by card', () => {
  const prepareCard = () => s.preparedCardCheckout();

  it('signs a request for the card locations’ total with VAT, with a new order number per attempt', async () => {
    const { header, locations, prepared } = await prepareCard();
    expect(prepared).toMatchObject({
      paymentchannel: 2,
      ds_signatureversion: 'HMAC_SHA256_V1',
      // The sandbox's page is the portal's own: posted to at the host the browser is on.
      urlaction: '/sandbox/redsys/realizarPago',
    });
    const p = decodeParameters(prepared.ds_merchantparameters);
    const madrid = header.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'MAD01');
    expect(p.DS_MERCHANT_AMOUNT).toBe(String(Math.round(madrid.totalAmount * 100)));
    expect(p).toMatchObject({
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: 'http://portal.test/api/payments/redsys/notification',
      DS_MERCHANT_URLOK: `http://portal.test/api/payments/redsys/return/${prepared.tarjetaid}/ok`,
    });
    expect(p.DS_MERCHANT_ORDER).toMatch(/^\d{4}[0-9A-Za-z]{0,8}$/);
    const second = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout', {
      salesTableId: header.salestableid,
      tarjetaId: prepared.tarjetaid,
      cartLocations: locations,
    });
    expect(second.json().tarjetaid).not.toBe(prepared.tarjetaid);
  });

  it('finishes exactly once from the notification, even replayed, and the browser’s finish answers the same', async () => {
    const { header, locations, prepared } = await prepareCard();
    const note = notificationFor(asSigned(prepared));
    const first = await notify(s.t.app, note);
    expect(first.statusCode).toBe(200);
    expect((await notify(s.t.app, note)).statusCode).toBe(200);
    const orders = await webOrdersOf(s.t, header.salestableid);
    expect(orders).toHaveLength(2);
    expect(orders.find((o) => o.store_id === 'MAD01')!.payment_id).not.toBeNull();
    expect(orders.find((o) => o.store_id === 'BCN01')!.payment_id).toBeNull();
    const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(finish.statusCode).toBe(200);
    expect(finish.json().tarjetaid).toBe(prepared.tarjetaid);
    expect(
      finish
        .json()
        .weborders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(orders.map((o) => o.id).sort());
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
    const log = await testRows<{ outcome: string }>(
      s.t.database.db,
      sql`select outcome from payment_notifications where order_number = ${prepared.tarjetaid} order by id`,
    );
    expect(log.map((l) => l.outcome)).toEqual(['authorised', 'duplicate']);
  });

  it('refuses a bad signature, another amount, order or merchant: logged, nothing changes', async () => {
    const { header, prepared } = await prepareCard();
    const signed = asSigned(prepared);
    const good = notificationFor(signed);
    const forged = [
      { ...good, Ds_Signature: notificationFor(signed, '0000', {}, 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev').Ds_Signature },
      notificationFor(signed, '0000', { Ds_Amount: '1' }),
      notificationFor(signed, '0000', { Ds_Order: '999999999999' }),
      notificationFor(signed, '0000', { Ds_MerchantCode: '999008882' }),
      notificationFor(signed, '0000', { Ds_Currency: '840' }),
    ];
    for (const message of forged) expect((await notify(s.t.app, message)).statusCode).toBe(400);
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(0);
    const [payment] = await testRows<{ status: string }>(
      s.t.database.db,
      sql`select status from payments where order_number = ${prepared.tarjetaid}`,
    );
    expect(payment!.status).toBe('pending');
    const refused = await testRows<{ n: number }>(
      s.t.database.db,
      sql`select count(*)::int as n from payment_notifications where outcome like 'refused%' and received_at > now() - interval '1 minute'`,
    );
    expect(refused[0]!.n).toBeGreaterThanOrEqual(5);
    expect((await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(3);
  });

  it('keeps the cart on a denial, and a new attempt can pay', async () => {
    const { header, locations, prepared } = await prepareCard();
    expect((await notify(s.t.app, notificationFor(asSigned(prepared), '0190'))).statusCode).toBe(200);
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(0);
    expect((await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(3);
    const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(finish.statusCode).toBe(400);
    const retry = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout', {
      salesTableId: header.salestableid,
      tarjetaId: '',
      cartLocations: locations,
    });
    await notify(s.t.app, notificationFor(asSigned(retry.json())));
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
  });

  it('records the payment first: a failed finish is recovered by the browser’s finish', async () => {
    const { header, locations, prepared } = await prepareCard();
    await s.t.database.db.execute(sql`create or replace function fail_web_order() returns trigger language plpgsql as
      $$ begin raise exception 'ERP database away'; end $$`);
    await s.t.database.db.execute(
      sql`create trigger fail_web_order before insert on web_orders for each row execute function fail_web_order()`,
    );
    try {
      expect((await notify(s.t.app, notificationFor(asSigned(prepared)))).statusCode).toBe(200);
      const [payment] = await testRows<{ status: string }>(
        s.t.database.db,
        sql`select status from payments where order_number = ${prepared.tarjetaid}`,
      );
      expect(payment!.status).toBe('authorised');
      expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(0);
      expect((await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcartlength')).json()).toBe(3);
    } finally {
      await s.t.database.db.execute(sql`drop trigger fail_web_order on web_orders`);
    }
    const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(finish.statusCode).toBe(200);
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
  });

  it('finishes from the browser’s signed return when no notification ever arrives', async () => {
    const { header, prepared } = await prepareCard();
    const back = new URLSearchParams(notificationFor(asSigned(prepared)));
    const r = await s.t.app.inject({
      method: 'GET',
      url: `/api/payments/redsys/return/${prepared.tarjetaid}/ok?${back}`,
    });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe(`/my-cart/checkout/${prepared.tarjetaid}/${header.salestableid}`);
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
    const ko = await s.t.app.inject({ method: 'GET', url: `/api/payments/redsys/return/${prepared.tarjetaid}/ko` });
    expect(ko.headers.location).toBe('/my-cart?payment=ko');
  });

  it('never turns an order number into its cart without the signed result of that very order', async () => {
    const { header, prepared } = await prepareCard();
    const cart = `/${header.salestableid}`;
    // Anybody may guess an order number (a serial): unsigned, it tells nothing.
    const guessed = await s.t.app.inject({
      method: 'GET',
      url: `/api/payments/redsys/return/${prepared.tarjetaid}/ok`,
      remoteAddress: '10.67.0.1',
    });
    expect(guessed.statusCode).toBe(303);
    expect(guessed.headers.location).toBe('/my-cart');
    // A valid signed result of another order (here a newer attempt, paid) does not open this one's cart either.
    const other = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout', {
      salesTableId: header.salestableid,
      tarjetaId: prepared.tarjetaid,
      cartLocations: (await filledLocations(s.t.app, s.buyer, { MAD01: s.methods.card, BCN01: s.methods.cash }))
        .locations,
    });
    const signedOther = new URLSearchParams(notificationFor(asSigned(other.json())));
    const mixed = await s.t.app.inject({
      method: 'GET',
      url: `/api/payments/redsys/return/${prepared.tarjetaid}/ok?${signedOther}`,
      remoteAddress: '10.67.0.1',
    });
    expect(mixed.headers.location).not.toContain(cart);
    expect(mixed.headers.location).toMatch(/^\/my-cart/);
  });

  it('limits payment messages per IP: past the limit 429 WARN_TooManyAttempts, nothing logged, other IPs go on', async () => {
    const garbage = new URLSearchParams({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'eyJEc19PcmRlciI6IjEifQ',
      Ds_Signature: 'AAAA',
    }).toString();
    const from = (ip: string) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/payments/redsys/notification',
        payload: garbage,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const logged = async () =>
      (
        await testRows<{ n: number }>(
          s.t.database.db,
          sql`select count(*)::int as n from payment_notifications where merchant_parameters = 'eyJEc19PcmRlciI6IjEifQ'`,
        )
      )[0]!.n;
    const before = await logged();
    const statuses: number[] = [];
    for (let i = 0; i < PAYMENT_MESSAGES_PER_MINUTE + 3; i++) statuses.push((await from('10.66.0.1')).statusCode);
    expect(statuses.slice(0, PAYMENT_MESSAGES_PER_MINUTE).every((code) => code === 400)).toBe(true);
    expect(statuses.slice(PAYMENT_MESSAGES_PER_MINUTE)).toEqual([429, 429, 429]);
    const refused = await from('10.66.0.1');
    expect(refused.json().message).toBe('WARN_TooManyAttempts');
    expect(await logged()).toBe(before + PAYMENT_MESSAGES_PER_MINUTE);
    // Another IP is not held back.
    expect((await from('10.66.0.2')).statusCode).toBe(400);
    // The browser's return is limited the same way.
    const back = () =>
      s.t.app.inject({ method: 'GET', url: '/api/payments/redsys/return/000000000001/ko', remoteAddress: '10.66.0.3' });
    for (let i = 0; i < PAYMENT_MESSAGES_PER_MINUTE; i++) expect((await back()).statusCode).toBe(303);
    expect((await back()).statusCode).toBe(429);
  });

  it('runs the sandbox page: signature checked, approve notifies and returns to URLOK', async () => {
    const { header, prepared } = await prepareCard();
    const fields = asSigned(prepared);
    const bad = await s.t.app.inject({
      method: 'POST',
      url: '/sandbox/redsys/realizarPago',
      payload: new URLSearchParams({ ...fields, Ds_Signature: 'AAAA' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
    const pageRes = await s.t.app.inject({
      method: 'POST',
      url: '/sandbox/redsys/realizarPago',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Autorizar pago');
    expect(pageRes.body).toContain(prepared.tarjetaid);
    const decided = await s.t.app.inject({
      method: 'POST',
      url: '/sandbox/redsys/decide',
      payload: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'portal.test' },
    });
    expect(decided.statusCode).toBe(303);
    // Back at the host the browser is on (a path), whatever host the portal announces.
    expect(decided.headers.location).toMatch(
      new RegExp(`^/api/payments/redsys/return/${prepared.tarjetaid}/ok\\?Ds_SignatureVersion=HMAC_SHA256_V1`),
    );
    // The notification reached the app before the browser was sent back.
    expect(await webOrdersOf(s.t, header.salestableid)).toHaveLength(2);
  });

  it('gives the purchase receipt PDF to its owner only', async () => {
    const { header, locations, prepared } = await prepareCard();
    await notify(s.t.app, notificationFor(asSigned(prepared)));
    const finish = (await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations)).json();
    const r = await call(s.t.app, s.buyer, 'GET', `/api/incheckout/receipt/${finish.tarjetaid}/${header.salestableid}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(`justificante-${header.salestableid}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(r.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Recambia Distribución, S.L.');
    expect(text).toContain('Este documento no tiene validez fiscal');
    expect(text).toContain('Almacén Madrid Sur');
    expect(text).toContain('Almacén Barcelona');
    for (const o of finish.weborders) expect(text).toContain(`pedido web ${o.id}`);
    expect(
      (await call(s.t.app, s.buyer2, 'GET', `/api/incheckout/receipt/${finish.tarjetaid}/${header.salestableid}`))
        .statusCode,
    ).toBe(404);
    expect((await call(s.t.app, s.buyer, 'GET', `/api/incheckout/receipt/0/${header.salestableid}`)).statusCode).toBe(
      404,
    );
  });
});

describe('each payment attempt keeps what it charged', () => {
  type Attempt = { locations: unknown[]; prepared: PrepareCheckoutResponse };

  /** Madrid by card, Barcelona cash, as the form stands now. */
  async function prepareNow(cartId: number, tarjetaId = ''): Promise<Attempt> {
    const { locations } = await filledLocations(s.t.app, s.buyer, { MAD01: s.methods.card, BCN01: s.methods.cash });
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout?lang=es', {
      salesTableId: cartId,
      tarjetaId,
      cartLocations: locations,
    });
    expect(r.statusCode).toBe(200);
    return { locations, prepared: r.json() };
  }

  /** The sequence: prepare a card checkout, change the cart (another tab), prepare again. */
  async function twoAttempts() {
    await s.twoStoreCart();
    const cartId = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcart')).json().salestableid;
    const first = await prepareNow(cartId);
    await addFrom(s.t.app, s.buyer, s.mad[2]!.id, 'MAD01', 1);
    await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 2);
    const second = await prepareNow(cartId, first.prepared.tarjetaid);
    expect(second.prepared.amount).toBeGreaterThan(first.prepared.amount);
    return { cartId, first, second };
  }

  /** What the web orders of one attempt hold: article → quantity, and the card store's total (VAT included) in cents. */
  async function ordered(order: string) {
    const lines = await testRows<{ article_id: number; quantity: number; store_id: string }>(
      s.t.database.db,
      sql`select l.article_id, l.quantity, w.store_id from web_order_lines l join web_orders w on w.id = l.web_order_id
           where w.checkout_payment_id = (select id from payments where order_number = ${order}) order by l.article_id`,
    );
    const [madrid] = await testRows<{ cents: number; payment: string | null }>(
      s.t.database.db,
      sql`select (w.total_amount * 100)::int as cents, p.order_number as payment from web_orders w
            left join payments p on p.id = w.payment_id
           where w.checkout_payment_id = (select id from payments where order_number = ${order}) and w.store_id = 'MAD01'`,
    );
    return { lines: Object.fromEntries(lines.map((l) => [l.article_id, l.quantity])), madrid };
  }

  const cartNow = async () =>
    Object.fromEntries(
      (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcart'))
        .json()
        .cartitem_views.map((l: { id_articulo: number; qty: number }) => [l.id_articulo, l.qty]),
    );

  it('a superseded attempt paid ends in web orders for exactly what it charged, once; the cart keeps the rest', async () => {
    const { cartId, first } = await twoAttempts();
    const note = notificationFor(asSigned(first.prepared));
    // The bank notifies twice at once.
    const [a, b] = await Promise.all([notify(s.t.app, note), notify(s.t.app, note)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const orders = await webOrdersOf(s.t, cartId);
    expect(orders.map((o) => o.store_id)).toEqual(['BCN01', 'MAD01']);
    const got = await ordered(first.prepared.tarjetaid);
    expect(got.lines).toEqual({ [s.mad[0]!.id]: 2, [s.mad[1]!.id]: 1, [s.bcn[0]!.id]: 3 });
    expect(got.madrid).toEqual({ cents: Math.round(first.prepared.amount * 100), payment: first.prepared.tarjetaid });
    // The browser's way back finishes nothing more and answers the same orders.
    const processed = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/processcheckout/', {
      salesTableId: cartId,
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().tarjetaid).toBe(first.prepared.tarjetaid);
    expect(processed.json().weborders.map((o: { id: number }) => o.id)).toEqual(orders.map((o) => o.id));
    expect(await webOrdersOf(s.t, cartId)).toHaveLength(2);
    // The finished cart shows what was paid; the return page matches it by the paid attempt.
    const header = (
      await call(s.t.app, s.buyer, 'GET', `/api/incheckout/getLocationsPerCartIdFull?salesid=${cartId}`)
    ).json();
    expect(header).toMatchObject({ finished: true, tarjetaid: first.prepared.tarjetaid });
    expect(header.totals.units).toBe(6);
    // The cart keeps what the paid attempt did not include.
    expect(await cartNow()).toEqual({ [s.mad[0]!.id]: 2, [s.mad[2]!.id]: 1 });
    const receipt = await call(
      s.t.app,
      s.buyer,
      'GET',
      `/api/incheckout/receipt/${first.prepared.tarjetaid}/${cartId}`,
    );
    expect(receipt.statusCode).toBe(200);
  });

  it('the newer attempt, paid after the older one, is honoured too: its own orders, once', async () => {
    const { cartId, first, second } = await twoAttempts();
    await notify(s.t.app, notificationFor(asSigned(first.prepared)));
    const note = notificationFor(asSigned(second.prepared));
    await Promise.all([notify(s.t.app, note), notify(s.t.app, note)]);
    const got = await ordered(second.prepared.tarjetaid);
    expect(got.lines).toEqual({
      [s.mad[0]!.id]: 4,
      [s.mad[1]!.id]: 1,
      [s.mad[2]!.id]: 1,
      [s.bcn[0]!.id]: 3,
    });
    expect(got.madrid).toEqual({ cents: Math.round(second.prepared.amount * 100), payment: second.prepared.tarjetaid });
    expect(await webOrdersOf(s.t, cartId)).toHaveLength(4);
    // It took its lines out of the cart the rest had moved to.
    expect(await cartNow()).toEqual({});
    const receipt = await call(
      s.t.app,
      s.buyer,
      'GET',
      `/api/incheckout/receipt/${second.prepared.tarjetaid}/${cartId}`,
    );
    expect(receipt.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(receipt.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const [madrid] = await testRows<{ id: number }>(
      s.t.database.db,
      sql`select w.id::int from web_orders w join payments p on p.id = w.checkout_payment_id
           where p.order_number = ${second.prepared.tarjetaid} and w.store_id = 'MAD01'`,
    );
    expect(text).toContain(`pedido web ${madrid!.id}`);
  });

  it('a later paid attempt whose finish failed is finished by the next message, on a finished cart too', async () => {
    const { cartId, first, second } = await twoAttempts();
    await notify(s.t.app, notificationFor(asSigned(first.prepared)));
    await s.t.database.db.execute(sql`create or replace function fail_web_order() returns trigger language plpgsql as
      $$ begin raise exception 'ERP database away'; end $$`);
    await s.t.database.db.execute(
      sql`create trigger fail_web_order before insert on web_orders for each row execute function fail_web_order()`,
    );
    try {
      expect((await notify(s.t.app, notificationFor(asSigned(second.prepared)))).statusCode).toBe(200);
      expect(await webOrdersOf(s.t, cartId)).toHaveLength(2);
    } finally {
      await s.t.database.db.execute(sql`drop trigger fail_web_order on web_orders`);
    }
    const processed = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/processcheckout/', {
      salesTableId: cartId,
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect((await ordered(second.prepared.tarjetaid)).madrid!.cents).toBe(Math.round(second.prepared.amount * 100));
    expect(await webOrdersOf(s.t, cartId)).toHaveLength(4);
  });
});
