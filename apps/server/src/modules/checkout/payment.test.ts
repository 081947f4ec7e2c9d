import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { decodeParameters } from '../../lib/redsys.ts';
import {
  asSigned,
  call,
  checkoutSuite,
  filledLocations,
  notificationFor,
  notify,
  webOrdersOf,
} from '../../test/checkout-support.ts';

const s = checkoutSuite();

describe('paying by card', () => {
  /** Two stores: Madrid by card, Barcelona cash. Answers the prepared request. */
  async function prepareCard() {
    await s.twoStoreCart();
    const { header, locations } = await filledLocations(s.t.app, s.buyer, {
      MAD01: s.methods.card,
      BCN01: s.methods.cash,
    });
    const r = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/preparecheckout?lang=es', {
      salesTableId: header.salestableid,
      tarjetaId: '',
      cartLocations: locations,
    });
    expect(r.statusCode).toBe(200);
    return { header, locations, prepared: r.json() };
  }

  it('signs a request for the card locations’ net total, with a new order number per attempt', async () => {
    const { header, locations, prepared } = await prepareCard();
    expect(prepared).toMatchObject({
      paymentchannel: 2,
      ds_signatureversion: 'HMAC_SHA256_V1',
      urlaction: 'http://portal.test/sandbox/redsys/realizarPago',
    });
    const p = decodeParameters(prepared.ds_merchantparameters);
    const madrid = header.cartlocations.find((l: { id_almacen: string }) => l.id_almacen === 'MAD01');
    expect(p.DS_MERCHANT_AMOUNT).toBe(String(Math.round(madrid.netAmount * 100)));
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
    const log = await queryRows<{ outcome: string }>(
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
    const [payment] = await queryRows<{ status: string }>(
      s.t.database.db,
      sql`select status from payments where order_number = ${prepared.tarjetaid}`,
    );
    expect(payment!.status).toBe('pending');
    const refused = await queryRows<{ n: number }>(
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
      const [payment] = await queryRows<{ status: string }>(
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
    expect(decided.headers.location).toContain(
      `/api/payments/redsys/return/${prepared.tarjetaid}/ok?Ds_SignatureVersion=HMAC_SHA256_V1`,
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
