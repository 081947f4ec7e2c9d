import type { FeedBatch } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_UNKNOWN_STORE } from '../../db/demo-erp-trickle.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { sha256 } from '../account/token.service.ts';
import { databaseErpSide } from './demo-erp.repository.ts';
import { DEMO_ERP_NAME, demoErpClient, type Http, PUSHED_FEEDS } from './demo-erp-client.ts';
import { integrationClientsRepository } from './integration-clients.repository.ts';
import { newClientSecrets } from './secrets.ts';

// The demo ERP pushes its data's changes through the feeds a real ERP uses (decision 0074): prices, stock, clients,
// sales orders, packing slips and invoices, over HTTP, with an Idempotency-Key per batch, at most every
// DEMO_ERP_FEED_INTERVAL_SECONDS, and never where the demo ERP does nothing by itself.

let t: TestApp;
let admin: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await createTestApp({ DEMO_ERP_FEED_INTERVAL_SECONDS: '300' });
  admin = (await makeUser(t, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
});

/** The sync screen's card: the last batch of each feed of one client. */
async function batchesOf(client: string): Promise<Record<string, FeedBatch>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/insync/getfeeds', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as FeedBatch[]).filter((b) => b.client === client).map((b) => [b.feed, b]));
}
const counts = (b: Record<string, FeedBatch>) =>
  Object.fromEntries(
    Object.entries(b).map(([feed, x]) => [feed, { rows: x.rows, applied: x.applied, refused: x.refused }]),
  );

/** HTTP through the app's own routes, each feed call recorded (what went over the wire), its answer lost on demand. */
function recordingHttp() {
  const sent: { feed: string; key: string; rows: Record<string, unknown>[] }[] = [];
  let loseAnswerOf: string | null = null;
  const http: Http = async (request) => {
    const res = await t.app.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    const feed = /\/feeds\/([a-z-]+)$/.exec(request.path)?.[1];
    if (feed) {
      sent.push({ feed, key: request.headers['idempotency-key']!, rows: JSON.parse(request.body!) });
      if (feed === loseAnswerOf) {
        loseAnswerOf = null;
        throw new Error('connection reset after the portal answered');
      }
    }
    const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
    return { status: res.statusCode, body: res.body, headers };
  };
  const loseAnswer = (feed: string) => {
    loseAnswerOf = feed;
  };
  return { http, sent, loseAnswer };
}

describe('the demo ERP pushes its changes through the feeds', () => {
  it('in a pass: six feeds’ batches on the sync screen, the unknown store refused; then no more than the setting allows', async () => {
    const [firstArticle] = await rows<{ ref: string }>(sql`select ref_jumasa as ref from articles order by id limit 1`);
    const pass = await t.app.demoErp!.runOnce();
    expect(pass.feeds.map((f) => [f.feed, f.rows, f.applied, f.unchanged, f.refused, f.replayed])).toEqual([
      ['prices', 30, 30, 0, 0, false],
      ['stock', 41, 40, 0, 1, false],
      ['clients', 1, 1, 0, 0, false],
      ['sales-orders', 5, 5, 0, 0, false],
      ['packing-slips', 3, 3, 0, 0, false],
      ['invoices', 2, 2, 0, 0, false],
    ]);
    expect(pass.pushError).toBeNull();
    expect(pass.refusals).toEqual([
      { feed: 'stock', key: `${firstArticle!.ref}/${DEMO_UNKNOWN_STORE}`, reason: 'unknown-store' },
    ]);
    // The sync screen's last batches of the demo ERP: what the pass sent, with its lag measured.
    const screen = await batchesOf(DEMO_ERP_NAME);
    expect(counts(screen)).toEqual({
      prices: { rows: 30, applied: 30, refused: 0 },
      stock: { rows: 41, applied: 40, refused: 1 },
      clients: { rows: 1, applied: 1, refused: 0 },
      'sales-orders': { rows: 5, applied: 5, refused: 0 },
      'packing-slips': { rows: 3, applied: 3, refused: 0 },
      invoices: { rows: 2, applied: 2, refused: 0 },
    });
    expect(Object.values(screen).every((b) => b.lagSeconds !== null && b.lagSeconds >= 0)).toBe(true);
    // Its calls are the integration API's, logged under its client.
    const paths = await rows<{ path: string }>(
      sql`select distinct c.path from integration_calls c join integration_clients i on i.id = c.client_id
           where i.name = ${DEMO_ERP_NAME} and c.path like '/api/integration/v1/feeds/%' order by 1`,
    );
    expect(paths.map((p) => p.path)).toEqual(PUSHED_FEEDS.map((f) => `/api/integration/v1/feeds/${f}`).sort());

    // Within the interval a pass pushes nothing; after it, the next trickle (orders made, then their packing slips).
    expect((await t.app.demoErp!.runOnce()).feeds).toEqual([]);
    t.clock.advance(300_000);
    const next = await t.app.demoErp!.runOnce();
    expect(next.feeds.map((f) => [f.feed, f.applied, f.refused])).toEqual([
      ['prices', 30, 0],
      ['stock', 40, 0],
      ['clients', 1, 0],
      ['sales-orders', 5, 0],
      ['packing-slips', 3, 0],
      ['invoices', 2, 0],
    ]);
    const slips = await rows<{ sales_id: string }>(
      sql`select p.sales_id from erp_sales_packing_slips p where p.packing_slip_id like 'ALE%' order by 1`,
    );
    expect(slips.map((s) => s.sales_id).filter((id) => id.startsWith('PVE'))).toEqual([
      'PVE0000001',
      'PVE0000002',
      'PVE0000003',
    ]);
  });

  it('changes the portal’s tables exactly as its rows say, and a pass retried with the same keys applies nothing again', async () => {
    const made = await integrationClientsRepository(t.database.db).create(
      { name: 'ERP de pruebas', scopes: ['erp.events', 'erp.feeds'], createdBy: null },
      newClientSecrets(sha256),
    );
    const wire = recordingHttp();
    const erp = demoErpClient({
      http: wire.http,
      clientId: made.clientId,
      secret: made.secret,
      side: databaseErpSide(t.database.db, t.clock.now),
      feedIntervalMs: 300_000,
      clock: t.clock.now,
    });
    const stockBefore = await rows<{ k: string; q: number }>(
      sql`select a.ref_jumasa || '/' || s.store_id as k, s.quantity as q from stock s join articles a on a.id = s.article_id`,
    );
    // The portal applies every batch, but the answer of the last one is lost: the push stops there.
    wire.loseAnswer('invoices');
    const failed = await erp.runOnce();
    expect(failed.pushError).toMatch(/connection reset/);
    expect(failed.feeds.map((f) => f.feed)).toEqual(PUSHED_FEEDS.slice(0, 5));
    expect(wire.sent.map((s) => s.feed)).toEqual([...PUSHED_FEEDS]);
    const byFeed = Object.fromEntries(wire.sent.map((s) => [s.feed, s.rows]));

    // Each row is in the portal's tables as the ERP sent it.
    const before = new Map(stockBefore.map((s) => [s.k, s.q]));
    const stock = await rows<{ k: string; q: number }>(
      sql`select a.ref_jumasa || '/' || s.store_id as k, s.quantity as q from stock s join articles a on a.id = s.article_id`,
    );
    const now = new Map(stock.map((s) => [s.k, s.q]));
    expect(byFeed.stock).toHaveLength(40);
    for (const r of byFeed.stock!) {
      const k = `${r.ITEMID}/${r.INVENTLOCATIONID}`;
      expect(now.get(k)).toBe(r.AVAILPHYSICAL);
      expect(Math.abs(now.get(k)! - before.get(k)!)).toBeGreaterThanOrEqual(1);
      expect(Math.abs(now.get(k)! - before.get(k)!)).toBeLessThanOrEqual(5);
    }
    const prices = await rows<{ ref: string; pv1d: string }>(
      sql`select a.ref_jumasa as ref, p.pv1d::text as pv1d from articles a join article_prices p on p.article_id = a.id
           where a.ref_jumasa in (select jsonb_array_elements_text(${JSON.stringify(byFeed.prices!.map((r) => r.ITEMID))}::jsonb))`,
    );
    expect(Object.fromEntries(prices.map((p) => [p.ref, p.pv1d]))).toEqual(
      Object.fromEntries(byFeed.prices!.map((r) => [r.ITEMID, r.PV1D])),
    );
    const [client] = byFeed.clients!;
    const [blocked] = await rows<{ b: boolean }>(
      sql`select orders_blocked as b from clients where accountnum = ${client!.ACCOUNTNUM as string}`,
    );
    expect(blocked!.b).toBe(client!.BOQPEDIDO);
    expect(['C00000', 'C00001', 'C00002']).not.toContain(client!.ACCOUNTNUM);
    for (const o of byFeed['sales-orders']!) {
      const lines = await rows<{ item_id: string; quantity: string; sales_price: string }>(
        sql`select l.item_id, l.quantity::int::text as quantity, l.sales_price::text as sales_price
              from erp_sales_orders h join erp_sales_lines l on l.sales_id = h.sales_id
             where h.sales_id = ${o.SALESID as string} and h.client_accountnum = ${o.CUSTACCOUNT as string}
               and h.store_id = ${o.INVENTLOCATIONID as string} and h.customer_ref = ${o.CUSTOMERREF as string}
             order by l.line_no`,
      );
      const sentLines = o.LINES as { ITEMID: string; QTY: number; SALESPRICE: string }[];
      expect(lines).toEqual(
        sentLines.map((l) => ({ item_id: l.ITEMID, quantity: String(l.QTY), sales_price: l.SALESPRICE })),
      );
    }
    for (const [feed, table, key, status] of [
      ['packing-slips', 'erp_sales_packing_slips', 'PACKINGSLIPID', 2],
      ['invoices', 'erp_sales_invoices', 'INVOICEID', 3],
    ] as const) {
      for (const r of byFeed[feed]!) {
        const [found] = await rows<{ status: number }>(
          sql`select o.status from ${sql.raw(table)} x join erp_sales_orders o on o.sales_id = x.sales_id
               where x.${sql.raw(key === 'PACKINGSLIPID' ? 'packing_slip_id' : 'invoice_id')} = ${r[key] as string}
                 and x.sales_id = ${r.SALESID as string}`,
        );
        expect(found?.status).toBe(status);
      }
    }

    // The next pass sends the same batches again under the same keys: answered from the first call, applied never.
    const screen = await batchesOf('ERP de pruebas');
    const ordersBefore = await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`);
    const keys = wire.sent.map((s) => s.key);
    const retry = await erp.runOnce();
    expect(retry.pushError).toBeNull();
    expect(retry.feeds.map((f) => [f.feed, f.key, f.replayed, f.applied])).toEqual(
      PUSHED_FEEDS.map((feed, i) => [feed, keys[i], true, 0]),
    );
    expect(wire.sent.slice(6).map((s) => [s.feed, s.key, s.rows])).toEqual(
      wire.sent.slice(0, 6).map((s) => [s.feed, s.key, s.rows]),
    );
    expect(await batchesOf('ERP de pruebas')).toEqual(screen);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`)).toEqual(ordersBefore);
    const again = await rows<{ k: string; q: number }>(
      sql`select a.ref_jumasa || '/' || s.store_id as k, s.quantity as q from stock s join articles a on a.id = s.article_id`,
    );
    expect(new Map(again.map((s) => [s.k, s.q]))).toEqual(now);
    // And the interval holds from the first attempt: nothing new until it has passed.
    expect((await erp.runOnce()).feeds).toEqual([]);
  });

  it('pushes nothing with DEMO_ERP_FEED_INTERVAL_SECONDS=0, nor where the demo ERP does nothing by itself', async () => {
    const base = {
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web',
      MAIL_INTERVAL_SECONDS: '0',
      WEBHOOK_INTERVAL_SECONDS: '0',
    };
    const ordersBefore = await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`);
    for (const env of [
      { DEMO_ERP_FEED_INTERVAL_SECONDS: '0' },
      // The browser journeys' server (scripts/e2e-server.ts) and the benchmarks.
      { DEMO_ERP_FEED_INTERVAL_SECONDS: '300', ERP_IMPORT_INTERVAL_SECONDS: '0' },
    ]) {
      // Another start on the same database: its demo ERP client (a new secret) is the one that signs in now.
      const app = await buildApp({ config: loadConfig({ ...base, ...env }), database: t.database, logger: false });
      try {
        const screen = await batchesOf(DEMO_ERP_NAME);
        const pass = await app.demoErp!.runOnce();
        expect(pass.feeds).toEqual([]);
        expect(await batchesOf(DEMO_ERP_NAME)).toEqual(screen);
      } finally {
        await app.close();
      }
    }
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`)).toEqual(ordersBefore);
  });
});
