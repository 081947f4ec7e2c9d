import { type Notification, STOCK_ALERT_MESSAGES, type StockAlert } from '@portal/contract/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { APPLIERS } from '../sync/sync-appliers.repository.ts';

let t: TestApp;
/** A buyer of C00001 of this file's own, who asks for the stock alerts. */
let buyer: string;
/** The seed's buyer: the tests that read the alerts, notifications, web orders and refunds the seed gave it. */
let seedBuyer: string;
let seedBuyerId: string;
let buyer2: { id: string; token: string };
let feeds: string;
let buyerId: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

/** Articles with no stock row in the stores used here (made certain in beforeAll). */
let a1: { id: number; ref: string };
let a2: { id: number; ref: string };
let a3: { id: number; ref: string };
let s1: string;
let s2: string;

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const ask = (token: string, articleId: number, storeId: string) =>
  api(token, 'POST', '/api/innotification/stockalerts', { articleId, storeId });
const alerts = async (token: string, query = '') =>
  (await api(token, 'GET', `/api/innotification/stockalerts${query}`)).json().rows as StockAlert[];
const notifications = async (token: string) =>
  (await api(token, 'GET', '/api/innotification/notifications')).json() as {
    rows: Notification[];
    unread: number;
    more: boolean;
  };
const stockFeed = (body: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/feeds/stock',
    headers: { ...bearer(feeds), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const mailsTo = (ref: string) =>
  rows<{ recipient: string; subject: string; body: string }>(
    sql`select recipient, subject, body from mail_outbox where subject like ${`%${ref}%`} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ token: buyer, id: buyerId } = await makeUser(t, 'plateBuyer'));
  seedBuyer = (await signIn(t.app, 'buyer')).access_token;
  buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
  feeds = await newMachineToken(t, 'ERP feeds', ['erp.feeds']);
  [{ id: seedBuyerId }] = (await rows<{ id: string }>(sql`select id from users where username = 'buyer'`)) as [
    { id: string },
  ];
  const stores = await rows<{ id: string }>(sql`select id from stores where active order by id limit 2`);
  [s1, s2] = [stores[0]!.id, stores[1]!.id];
  const articles = await rows<{ id: number; ref: string }>(
    sql`select id, ref_jumasa as ref from articles a
         where not exists (select 1 from stock_alerts al where al.article_id = a.id) order by id limit 3`,
  );
  [a1, a2, a3] = [articles[0]!, articles[1]!, articles[2]!];
  // No stock of these articles in these stores: the data each test starts from.
  await t.database.db.execute(
    sql`delete from stock where article_id in (${a1.id}, ${a2.id}, ${a3.id}) and store_id in (${s1}, ${s2})`,
  );
  // The buyer writes in English: the alert's e-mail is in English.
  await t.database.db.execute(sql`update users set language = 'en' where id = ${buyerId}`);
});
afterAll(() => t.close());

describe('stock alerts', () => {
  it('starts, in the demo, with the buyer’s alerts in every state and unread notifications for the bell', async () => {
    const seeded = await alerts(seedBuyer);
    expect(seeded.map((a) => a.status).sort()).toEqual(['cancelled', 'fired', 'pending', 'pending']);
    const list = await notifications(seedBuyer);
    expect(list.rows.map((n) => n.kind).sort()).toEqual(['refund_changed', 'stock_back', 'web_order_imported']);
    expect(list.unread).toBe(2);
  });

  it('asks once per article and store, lists them, and refuses a store with stock, unknown targets and bad input', async () => {
    const first = await ask(buyer, a1.id, s1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: STOCK_ALERT_MESSAGES.asked,
      alert: { articleId: a1.id, ref: a1.ref, storeId: s1, status: 'pending', closedAt: null },
    });
    // Asking again answers the same pending alert.
    const again = await ask(buyer, a1.id, s1);
    expect(again.json().alert.id).toBe(first.json().alert.id);
    expect((await alerts(buyer, `?article=${a1.id}`)).map((a) => a.id)).toEqual([first.json().alert.id]);

    await t.database.db.execute(sql`insert into stock (article_id, store_id, quantity) values (${a3.id}, ${s2}, 5)`);
    const inStock = await ask(buyer, a3.id, s2);
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json().message).toBe(STOCK_ALERT_MESSAGES.inStock);
    const unknown = await ask(buyer, a1.id, 'NOWHERE');
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, STOCK_ALERT_MESSAGES.unknown]);
    // An article whose stock is not kept per store: the screen hides the action, and the call refuses it.
    await t.database.db.execute(sql`update articles set stock_tracked = false where id = ${a3.id}`);
    const untracked = await ask(buyer, a3.id, s1);
    expect([untracked.statusCode, untracked.json().message]).toEqual([400, STOCK_ALERT_MESSAGES.untracked]);
    await t.database.db.execute(sql`update articles set stock_tracked = true where id = ${a3.id}`);
    const bad = await api(buyer, 'POST', '/api/innotification/stockalerts', { articleId: 'x', storeId: s1 });
    expect(bad.statusCode).toBe(400);
    const count = await rows<{ n: number }>(
      sql`select count(*)::int as n from stock_alerts where user_id = ${buyerId} and article_id = ${a1.id}`,
    );
    expect(count[0]!.n).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/innotification/stockalerts' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only its owner see and cancel an alert: another customer gets 404 and nothing changes', async () => {
    const mine = (await ask(buyer, a2.id, s1)).json().alert as StockAlert;
    expect((await alerts(buyer2.token)).map((a) => a.id)).not.toContain(mine.id);
    const theirs = await api(buyer2.token, 'POST', `/api/innotification/stockalerts/${mine.id}/cancel`);
    expect(theirs.statusCode).toBe(404);
    expect((await alerts(buyer, `?article=${a2.id}`))[0]!.status).toBe('pending');

    const cancelled = await api(buyer, 'POST', `/api/innotification/stockalerts/${mine.id}/cancel`);
    expect(cancelled.json()).toEqual({ message: STOCK_ALERT_MESSAGES.cancelled });
    expect((await alerts(buyer, `?article=${a2.id}`))[0]).toMatchObject({ status: 'cancelled' });
    expect(await alerts(buyer, `?article=${a2.id}&pending=1`)).toEqual([]);
    // Cancelled once: a second cancel finds no pending alert.
    expect((await api(buyer, 'POST', `/api/innotification/stockalerts/${mine.id}/cancel`)).statusCode).toBe(404);
  });

  it('fires once when the stock feed brings stock: one notification, one e-mail in the person’s language', async () => {
    const alert = (await ask(buyer, a1.id, s2)).json().alert as StockAlert;
    const before = (await notifications(buyer)).unread;
    // Stock written as 0: nothing fires.
    expect((await stockFeed([{ ITEMID: a1.ref, INVENTLOCATIONID: s2, AVAILPHYSICAL: 0 }])).json().applied).toBe(1);
    expect((await alerts(buyer, `?article=${a1.id}&pending=1`)).map((a) => a.id)).toContain(alert.id);
    expect(await mailsTo(a1.ref)).toEqual([]);

    expect((await stockFeed([{ ITEMID: a1.ref, INVENTLOCATIONID: s2, AVAILPHYSICAL: 7 }])).json().applied).toBe(1);
    const fired = (await alerts(buyer, `?article=${a1.id}`)).find((a) => a.id === alert.id)!;
    expect(fired.status).toBe('fired');
    // The alert of the other store (s1, still without stock) stays pending.
    expect((await alerts(buyer, `?article=${a1.id}&pending=1`)).map((a) => a.storeId)).toEqual([s1]);
    const list = await notifications(buyer);
    expect(list.unread).toBe(before + 1);
    expect(list.rows[0]).toMatchObject({
      kind: 'stock_back',
      readAt: null,
      params: { articleId: a1.id, ref: a1.ref, storeId: s2 },
    });
    const mails = await mailsTo(a1.ref);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/is back in stock at/);
    expect(mails[0]!.body).toContain(`/product-list?ref=`);

    // Out of stock and back again: the alert fired already, nothing more.
    await stockFeed([{ ITEMID: a1.ref, INVENTLOCATIONID: s2, AVAILPHYSICAL: 0 }]);
    await stockFeed([{ ITEMID: a1.ref, INVENTLOCATIONID: s2, AVAILPHYSICAL: 3 }]);
    expect(await mailsTo(a1.ref)).toHaveLength(1);
    expect((await notifications(buyer)).unread).toBe(before + 1);
  });

  it('fires when the stock sync procedure brings stock, and a cancelled alert never fires', async () => {
    const alert = (await ask(buyer, a3.id, s1)).json().alert as StockAlert;
    const other = (await ask(buyer2.token, a3.id, s1)).json().alert as StockAlert;
    await api(buyer2.token, 'POST', `/api/innotification/stockalerts/${other.id}/cancel`);
    await t.database.db.transaction(async (tx) => {
      await APPLIERS.Stock!(
        tx,
        { seq: 1, key: `${a3.id}/${s1}`, data: { articleId: a3.id, storeId: s1, quantity: 2 } },
        null,
        'http://portal.test',
      );
    });
    expect((await alerts(buyer, `?article=${a3.id}`)).find((a) => a.id === alert.id)!.status).toBe('fired');
    expect((await alerts(buyer2.token, `?article=${a3.id}`)).find((a) => a.id === other.id)!.status).toBe('cancelled');
    const mails = await mailsTo(a3.ref);
    expect(mails.map((m) => m.body.includes('http://portal.test/product-list?ref='))).toEqual([true]);
  });
});

describe('notifications', () => {
  it('tells the person who placed a web order when the ERP imports it, once', async () => {
    const [order] = await rows<{ id: number }>(
      sql`select id::int as id from web_orders where user_id = ${seedBuyerId} order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update web_orders set imported = false, sales_related = null, error = null where id = ${order!.id}`,
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/integration/v1/feeds/web-order-results',
        headers: { ...bearer(feeds), 'content-type': 'application/json' },
        payload: JSON.stringify([{ WEBORDERID: order!.id, SALESID: ['PV-NOTIFY-1'] }]),
      });
    expect((await send()).json().applied).toBe(1);
    expect((await send()).json().unchanged).toBe(1);
    const told = (await notifications(seedBuyer)).rows.filter(
      (n) => n.kind === 'web_order_imported' && n.params.webOrderId === order!.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toEqual({ webOrderId: order!.id, salesIds: 'PV-NOTIFY-1' });
  });

  it('tells the person who asked for a refund when staff mark it received', async () => {
    const [refund] = await rows<{ id: number }>(
      sql`select id::int as id from refunds where user_id = ${seedBuyerId} and stage = 'requested' order by id limit 1`,
    );
    const admin = (await makeUser(t, 'admin')).token;
    const received = await api(admin, 'POST', '/api/inrefund/receive', { id: refund!.id });
    expect(received.statusCode, received.body).toBe(200);
    const told = (await notifications(seedBuyer)).rows.filter(
      (n) => n.kind === 'refund_changed' && n.params.refundId === refund!.id,
    );
    expect(told.map((n) => n.params)).toEqual([{ refundId: refund!.id, stage: 'received' }]);
  });

  it('marks one read (only its owner) and all read, and pages newest first', async () => {
    const list = await notifications(seedBuyer);
    expect(list.unread).toBeGreaterThan(0);
    const ids = list.rows.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const first = list.rows.find((n) => n.readAt === null)!;
    expect((await api(buyer2.token, 'POST', `/api/innotification/notifications/${first.id}/read`)).statusCode).toBe(
      404,
    );
    const read = await api(seedBuyer, 'POST', `/api/innotification/notifications/${first.id}/read`);
    expect(read.json()).toEqual({ unread: list.unread - 1 });
    const page = (await api(seedBuyer, 'GET', `/api/innotification/notifications?limit=1&before=${ids[0]}`)).json();
    expect(page.rows.map((n: Notification) => n.id)).toEqual(ids.slice(1, 2));
    await t.database.db.execute(
      sql`insert into notifications (user_id, kind, params)
          values (${buyer2.id}, 'refund_changed', '{"refundId": 1, "stage": "received"}'::jsonb)`,
    );
    const theirs = (await notifications(buyer2.token)).unread;
    expect(theirs).toBeGreaterThan(0);
    expect((await api(seedBuyer, 'POST', '/api/innotification/readall')).json()).toEqual({ unread: 0 });
    expect((await api(seedBuyer, 'GET', '/api/innotification/unread')).json()).toEqual({ unread: 0 });
    // The other customer's stay unread.
    expect((await notifications(buyer2.token)).unread).toBe(theirs);
  });
});
