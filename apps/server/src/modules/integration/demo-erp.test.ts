import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { call, checkoutSuite, filledLocations, webOrdersOf } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, form } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { DEMO_ERP_CLIENT_ID, demoErpClient, fetchHttp, idsOnlyErpSide } from './demo-erp-client.ts';

// The demo ERP is an integration client like any other (decision 0067): in demo mode the app makes its client with a
// secret of this start, and its passes read the events and answer through the feeds over HTTP at the server's address.

const s = checkoutSuite();
let base: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(s.t.database.db, query);

beforeAll(async () => {
  await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

/** A cash checkout of buyer's two-store cart: its web orders, not imported. */
async function cashOrders() {
  await s.twoStoreCart();
  const { header, locations } = await filledLocations(s.t.app, s.buyer, {
    MAD01: s.methods.cash,
    BCN01: s.methods.cash,
  });
  const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
  expect(finish.statusCode, finish.body).toBe(200);
  const orders = await webOrdersOf(s.t, header.salestableid);
  expect(orders).toHaveLength(2);
  expect(orders.every((o) => !o.imported)).toBe(true);
  return orders;
}

describe('the demo ERP client', () => {
  it('exists in demo mode, holds both scopes, and the sync screens learn the demo ERP is connected', async () => {
    const [client] = await rows<{ name: string; scopes: string[]; revoked: boolean }>(
      sql`select name, scopes, revoked_at is not null as revoked from integration_clients
           where client_id = ${DEMO_ERP_CLIENT_ID}`,
    );
    expect(client).toMatchObject({ name: 'ERP de demostración', revoked: false });
    expect([...client!.scopes].sort()).toEqual(['erp.events', 'erp.feeds']);
    const admin = (await makeUser(s.t, 'admin')).token;
    const state = await s.t.app.inject({
      method: 'GET',
      url: '/api/integration/admin/erp-connection',
      headers: bearer(admin),
    });
    expect(state.json()).toMatchObject({ connected: true, demo: true });
    // Its public id is known; without this start's secret it gets no token.
    const guess = await s.t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'client_credentials', client_id: DEMO_ERP_CLIENT_ID, client_secret: 'demo' }),
    });
    expect(guess.statusCode).toBe(401);
  });

  it('imports web orders over HTTP: reads their events, writes its sales orders, answers their SALESIDs, acks', async () => {
    const orders = await cashOrders();
    const pass = await s.t.app.demoErp!.runOnce();
    expect(pass.webOrders.applied).toBeGreaterThanOrEqual(2);
    expect(pass.refusals).toEqual([]);
    const after = await rows<{ id: number; imported: boolean; sales_related: string; error: string | null }>(
      sql`select id::int as id, imported, sales_related, error from web_orders
           where id in (${orders[0]!.id}, ${orders[1]!.id}) order by id`,
    );
    for (const o of after)
      expect(o).toMatchObject({ imported: true, sales_related: `41PW${String(o.id).padStart(7, '0')}`, error: null });
    // The ERP's side: a sales order of origin WEB per web order, with its lines.
    const erp = await rows<{ web_order_id: number; lines: number }>(
      sql`select o.web_order_id::int as web_order_id, count(l.*)::int as lines
            from erp_sales_orders o join erp_sales_lines l on l.sales_id = o.sales_id
           where o.web_order_id in (${orders[0]!.id}, ${orders[1]!.id}) group by o.web_order_id order by 1`,
    );
    expect(erp.map((r) => r.web_order_id)).toEqual(after.map((o) => o.id));
    // Through the integration API, as any client: its calls are logged, and its cursor is the newest event.
    const calls = await rows<{ path: string }>(
      sql`select distinct c.path from integration_calls c join integration_clients i on i.id = c.client_id
           where i.client_id = ${DEMO_ERP_CLIENT_ID} order by 1`,
    );
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/api/integration/v1/events',
        '/api/integration/v1/events/ack',
        '/api/integration/v1/feeds/web-order-results',
      ]),
    );
    const [cursor] = await rows<{ acked: number; newest: number }>(
      sql`select c.acked_id::int as acked, (select max(id)::int from integration_events) as newest
            from integration_event_cursors c join integration_clients i on i.id = c.client_id
           where i.client_id = ${DEMO_ERP_CLIENT_ID}`,
    );
    expect(cursor!.acked).toBe(cursor!.newest);
    expect((await s.t.app.demoErp!.runOnce()).events).toBe(0);
  });

  it('runs as the CLI does against the portal’s URL with an admin’s client: the same answers are unchanged', async () => {
    const orders = await cashOrders();
    const admin = (await makeUser(s.t, 'admin')).token;
    const made = await s.t.app.inject({
      method: 'POST',
      url: '/api/integration/admin/clients',
      headers: bearer(admin),
      payload: { name: 'ERP de pruebas', scopes: ['erp.events', 'erp.feeds'] },
    });
    expect(made.statusCode).toBe(201);
    const { clientId, clientSecret } = made.json() as { clientId: string; clientSecret: string };
    const cli = demoErpClient({ http: fetchHttp(base), clientId, secret: clientSecret, side: idsOnlyErpSide });
    const first = await cli.runOnce();
    // Its cursor starts at the beginning: the orders the demo ERP answered are unchanged; the new ones applied.
    expect(first.refusals).toEqual([]);
    expect(first.webOrders.applied).toBe(2);
    expect(first.webOrders.unchanged).toBe(first.webOrders.rows - 2);
    const imported = await webOrdersOf(
      s.t,
      (
        await rows<{ cart_id: number }>(sql`select cart_id::int as cart_id from web_orders where id = ${orders[0]!.id}`)
      )[0]!.cart_id,
    );
    expect(imported.every((o) => o.imported)).toBe(true);
    // Then the demo ERP reads the same events: its answers (the same SALESIDs) change nothing.
    const demo = await s.t.app.demoErp!.runOnce();
    expect(demo.webOrders).toMatchObject({ rows: 2, applied: 0, unchanged: 2 });
  });

  it('gets a new secret at every start: a restart ends the previous one', async () => {
    const digest = async () =>
      (
        await rows<{ h: string }>(
          sql`select secret_hash as h from integration_clients where client_id = ${DEMO_ERP_CLIENT_ID}`,
        )
      )[0]!.h;
    const before = await digest();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web',
      MAIL_INTERVAL_SECONDS: '0',
      WEBHOOK_INTERVAL_SECONDS: '0',
      DEMO_ERP_FEED_INTERVAL_SECONDS: '0',
    });
    const second = await buildApp({ config, database: s.t.database, logger: false });
    try {
      expect(await digest()).not.toBe(before);
      // The second start's client signs in; the first one's secret no longer does.
      expect((await second.demoErp!.runOnce()).events).toBe(0);
      await expect(s.t.app.demoErp!.runOnce()).rejects.toThrow(/sign-in refused \(401\)/);
    } finally {
      await second.close();
    }
  });
});
