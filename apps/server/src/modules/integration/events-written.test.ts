import { integrationEvent } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  asSigned,
  call,
  checkoutSuite,
  filledLocations,
  notificationFor,
  notify,
  webOrdersOf,
} from '../../test/checkout-support.ts';
import { makeReturnDocuments } from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { bearer } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

// Each change the ERP must hear of writes its event in its own transaction (decision 0059): the event exists exactly
// when the change does.

const s = checkoutSuite();

type Row = { id: number; type: string; object_key: string; payload: Record<string, unknown> };
async function newest(): Promise<number> {
  const [row] = await testRows<{ id: number }>(
    s.t.database.db,
    sql`select coalesce(max(id), 0)::int as id from integration_events`,
  );
  return row!.id;
}
const eventsAfter = (id: number) =>
  testRows<Row>(
    s.t.database.db,
    sql`select id::int as id, type, object_key, payload from integration_events where id > ${id} order by id`,
  );
const count = async (table: string) => {
  const [row] = await testRows<{ n: number }>(s.t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return row!.n;
};
/** Every insert into mail_outbox fails from now on: a step late in each change's transaction. */
async function breakMail() {
  await s.t.database.db.execute(sql`
    create or replace function refuse_mail() returns trigger language plpgsql as
      $$ begin raise exception 'mail outbox refused (test)'; end $$`);
  await s.t.database.db.execute(
    sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
  );
}
const mendMail = () => s.t.database.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
/** The event as the feed answers it, checked against its documented schema. */
const asFeedEvent = (r: Row) =>
  integrationEvent.parse({
    id: r.id,
    type: r.type,
    timestamp: new Date().toISOString(),
    objectKey: r.object_key,
    data: r.payload,
  });

describe('events written with their change', () => {
  it('a card checkout: payment.confirmed, then one web_order.created per store with lines, prices, VAT and the payment reference', async () => {
    const mark = await newest();
    const { header, prepared } = await s.preparedCardCheckout();
    expect((await notify(s.t.app, notificationFor(asSigned(prepared)))).statusCode).toBe(200);
    const orders = await webOrdersOf(s.t, header.salestableid);
    const events = await eventsAfter(mark);
    expect(events.map((e) => e.type)).toEqual(['payment.confirmed', 'web_order.created', 'web_order.created']);
    for (const e of events) asFeedEvent(e);
    const [paid, ...made] = events;
    expect(paid!.object_key).toBe(`payment:${prepared.tarjetaid}`);
    expect(paid!.payload).toMatchObject({
      PAYMENTREFERENCE: prepared.tarjetaid,
      SALESTABLEID: header.salestableid,
      CUSTACCOUNT: 'C00001',
      CURRENCYCODE: 'EUR',
      AUTHORISATIONCODE: '123456',
    });
    expect(made.map((e) => e.object_key).sort()).toEqual(orders.map((o) => `web_order:${o.id}`).sort());
    const mad = made.find((e) => e.payload.INVENTLOCATIONID === 'MAD01')!.payload;
    const bcn = made.find((e) => e.payload.INVENTLOCATIONID === 'BCN01')!.payload;
    const madOrder = orders.find((o) => o.store_id === 'MAD01')!;
    expect(mad).toMatchObject({
      Id: madOrder.id,
      CUSTACCOUNT: 'C00001',
      USERNAME: s.buyerName,
      CUSTOMERREF: 'Ref MAD01',
      NETAMOUNT: madOrder.net_amount,
      PAYMENTREFERENCE: prepared.tarjetaid,
      MEDIO_COD: 0,
    });
    expect(bcn.PAYMENTREFERENCE).toBeNull();
    // The card charged each card store's net amount plus its VAT.
    expect(Number(mad.TOTALAMOUNT)).toBeCloseTo(Number(mad.NETAMOUNT) + Number(mad.VATAMOUNT), 2);
    expect(paid!.payload.AMOUNT).toBe(mad.TOTALAMOUNT);
    const lines = mad.LINES as { ITEMID: string; QTY: number; SALESPRICE: string; LINEAMOUNT: string }[];
    const stored = await testRows<{ ref_jumasa: string; quantity: number; net_amount: string }>(
      s.t.database.db,
      sql`select ref_jumasa, quantity, net_amount::text from web_order_lines where web_order_id = ${madOrder.id}
           order by line_no`,
    );
    expect(lines.map((l) => [l.ITEMID, l.QTY, l.LINEAMOUNT])).toEqual(
      stored.map((l) => [l.ref_jumasa, l.quantity, Number(l.net_amount).toFixed(2)]),
    );
    for (const l of lines) expect(Number(l.LINEAMOUNT)).toBeCloseTo(Number(l.SALESPRICE) * l.QTY, 2);
  });

  it('a checkout whose transaction fails writes neither its web orders nor their events', async () => {
    await s.twoStoreCart();
    const { locations } = await filledLocations(s.t.app, s.buyer, { MAD01: s.methods.cash, BCN01: s.methods.cash });
    const mark = await newest();
    const orders = await count('web_orders');
    await breakMail();
    try {
      const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
      expect(finish.statusCode).toBe(500);
    } finally {
      await mendMail();
    }
    expect(await count('web_orders')).toBe(orders);
    expect(await eventsAfter(mark)).toEqual([]);
    // The same checkout, once it can commit, writes both.
    const again = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(again.statusCode).toBe(200);
    expect((await eventsAfter(mark)).map((e) => e.type)).toEqual(['web_order.created', 'web_order.created']);
  });

  it('a client data change request: client.change_requested with the ERP fields asked for; none when it fails', async () => {
    const { token: admin, username: adminName } = await makeUser(s.t, 'admin');
    const current = (
      await s.t.app.inject({ method: 'GET', url: '/api/inclient/getclient/C00004', headers: bearer(admin) })
    ).json();
    const { accountnum: _a, isnew: _n, addresses: _ad, users: _u, pendingRequests: _p, ...body } = current;
    const put = () =>
      s.t.app.inject({
        method: 'PUT',
        url: '/api/inclient/putcliente/C00004',
        headers: bearer(admin),
        payload: { ...body, phone: '910000001' },
      });
    const mark = await newest();
    const requests = await count('client_change_requests');
    await breakMail();
    try {
      expect((await put()).statusCode).toBe(500);
    } finally {
      await mendMail();
    }
    expect(await count('client_change_requests')).toBe(requests);
    expect(await eventsAfter(mark)).toEqual([]);

    expect((await put()).json()).toMatchObject({ email: 1 });
    const events = await eventsAfter(mark);
    expect(events).toHaveLength(1);
    asFeedEvent(events[0]!);
    expect(events[0]).toMatchObject({
      type: 'client.change_requested',
      object_key: 'client:C00004',
      payload: {
        ACCOUNTNUM: 'C00004',
        REQUESTEDBY: adminName,
        CHANGES: { PHONE: { from: body.phone, to: '910000001' } },
      },
    });
  });

  it('a refund decided with accepted lines: refund.decided with those lines, once', async () => {
    const db = s.t.database.db;
    const ids = await makeReturnDocuments(db, 'E');
    const as = (token: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
      s.t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const buyer = as(s.buyer);
    const admin = as((await makeUser(s.t, 'admin')).token);
    const P = '/api/inrefund';
    await buyer('POST', `${P}/addarticletorefund`, { packingslipid: ids.slip, linenum: 1, motivo: 2, quantity: 2 });
    const added = await buyer('POST', `${P}/addarticletorefund`, {
      packingslipid: ids.slip,
      linenum: 3,
      motivo: 3,
      quantity: 3,
    });
    const refundId = added.json().returntablewebid as number;
    const [address] = (await buyer('GET', `${P}/getreturnaddresses`)).json();
    await buyer('POST', `${P}/finishCart`, { id: refundId, observations: 'Golpeadas', Direccion_Usuario: address.id });
    const lines = (await buyer('GET', `${P}/getlinesbyrefundid/${refundId}`)).json() as { id: number }[];
    expect((await admin('POST', `${P}/receive`, { id: refundId })).statusCode).toBe(200);
    const mark = await newest();
    expect(
      (await admin('POST', `${P}/decideline`, { id: lines[0]!.id, decision: 'rejected', reason: 'Montada' }))
        .statusCode,
    ).toBe(200);
    // Not decided yet: a line is still open.
    expect(await eventsAfter(mark)).toEqual([]);
    expect((await admin('POST', `${P}/decideline`, { id: lines[1]!.id, decision: 'accepted' })).statusCode).toBe(200);
    const events = await eventsAfter(mark);
    expect(events.map((e) => [e.type, e.object_key])).toEqual([['refund.decided', `refund:${refundId}`]]);
    asFeedEvent(events[0]!);
    expect(events[0]!.payload).toMatchObject({
      Id: refundId,
      CUSTACCOUNT: 'C00001',
      OBSERVATIONS: 'Golpeadas',
      LINES: [{ LINEID: lines[1]!.id, PACKINGSLIPID: ids.slip, LINENUM: 3, QTY: 3, REASONID: 3 }],
    });
  });
});
