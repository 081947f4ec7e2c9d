import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { builtInErpAdapter, ERP_IMPORT_DEFAULTS, type ErpAdapter, type ErpWebOrder } from '../../db/erp-adapter.ts';
import { webSalesId } from '../../lib/erp-document-ids.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp, testClock } from '../../test/test-app.ts';
import { makeUser, type TestUser } from '../../test/users.ts';
import { erpImportJob } from './erp-import.job.ts';

let t: TestApp;
let db: Db;
let admin: string;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = (await makeUser(t, 'admin')).token;
  buyer = await makeUser(t, 'plateBuyer');
  // The web orders the seed left waiting are imported first, so that each test starts from a known state.
  await makeDue(sql`not imported`);
  await erpImportJob({ db, adapter: builtInErpAdapter }).runOnce();
});
afterAll(() => t.close());

/**
 * Makes web orders due. A second in the past: PostgreSQL's now() has microseconds and the job's clock
 * milliseconds, so "now" written by the one can still be ahead of "now" read by the other within the same ms.
 */
const makeDue = (where: ReturnType<typeof sql>) =>
  db.execute(sql`update web_orders set next_attempt_at = now() - interval '1 second' where ${where}`);
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(db, query);
type WebOrderState = {
  id: number;
  imported: boolean;
  error: string | null;
  retries: number;
  next: string | null;
  sales_related: string | null;
  claimed: string | null;
};
const state = async (id: number) =>
  (
    await rows<WebOrderState>(
      sql`select id::int, imported, error, retries, next_attempt_at::text as next, sales_related,
                 erp_claimed_until::text as claimed
            from web_orders where id = ${id}`,
    )
  )[0]!;
const erpOrdersOf = (id: number) =>
  rows<{ sales_id: string; lines: number; status: number; client_accountnum: string }>(
    sql`select o.sales_id, o.status::int, o.client_accountnum, (select count(*)::int from erp_sales_lines l where l.sales_id = o.sales_id) as lines
          from erp_sales_orders o where o.web_order_id = ${id}`,
  );

/** A finished cart's web order of `buyer` with `lineCount` lines, due for import now (as checkout leaves it). */
async function newWebOrder(lineCount = 2, dueAt = new Date()): Promise<number> {
  const [method] = await rows<{ id: number; name: string }>(
    sql`select id, name from payment_methods order by id limit 1`,
  );
  const [cart] = await rows<{ id: number }>(
    sql`insert into carts (user_id, client_accountnum, status, finished_at) values (${buyer.id}, 'C00001', 'finished', now())
        returning id::int`,
  );
  const [order] = await rows<{ id: number }>(
    sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, delivery_date, delivery_name,
          customer_ref, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name, list_amount, net_amount, next_attempt_at)
        values (${cart!.id}, ${buyer.id}, 'C00001', 'MAD01', 'Almacén Madrid Sur', current_date + 1, 'Talleres (sede)',
          'OT-TEST', 'RUTA', 'Reparto', ${method!.id}, ${method!.name}, 20, 15, ${dueAt.toISOString()})
        returning id::int`,
  );
  for (let i = 1; i <= lineCount; i++) {
    await db.execute(sql`insert into web_order_lines (web_order_id, line_no, article_id, ref_jumasa, description, family_code,
        supplier, quantity, pv1d, net_price, list_amount, net_amount)
      select ${order!.id}, ${i}, id, ref_jumasa, description, family_code, supplier, 1, 10, 7.5, 10, 7.5 from articles where id = ${i * 11}`);
  }
  return order!.id;
}

const failing = (message: string): ErpAdapter & { calls: number } => ({
  name: 'failing',
  calls: 0,
  async importWebOrder() {
    this.calls++;
    throw new Error(message);
  },
});

describe('the ERP import job', () => {
  it('turns a web order into an ERP sales order with its lines, and marks it IMPORTED with SalesRelated', async () => {
    const id = await newWebOrder(3);
    const clock = testClock();
    const job = erpImportJob({ db, adapter: builtInErpAdapter, clock: clock.now });
    const run = await job.runOnce();
    expect(run).toEqual({ claimed: 1, imported: 1, failed: 0, skipped: 0 });
    const s = await state(id);
    expect(s).toMatchObject({ imported: true, error: null, retries: 0, next: null, claimed: null });
    expect(s.sales_related).toBe(webSalesId(id));
    expect(s.sales_related).toMatch(/^41PW\d{7}$/);
    expect(await erpOrdersOf(id)).toEqual([
      { sales_id: webSalesId(id), lines: 3, status: 1, client_accountnum: 'C00001' },
    ]);
    // Nothing left to do: a second pass claims nothing.
    expect((await job.runOnce()).claimed).toBe(0);
    // The customer sees it among their orders, by the id the web shows.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/insales/getlinesbysalesid/${webSalesId(id).slice(2)}`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });

  it('on failure records ERROR, counts REINTENTOSWEB and retries later with a growing delay, then gives up', async () => {
    const id = await newWebOrder();
    const clock = testClock();
    const adapter = failing('ERP: conexión rechazada (ECONNREFUSED)');
    const job = erpImportJob({ db, adapter, clock: clock.now, maxRetries: 3 });
    expect(await job.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    let s = await state(id);
    expect(s).toMatchObject({
      imported: false,
      error: 'ERP: conexión rechazada (ECONNREFUSED)',
      retries: 1,
      claimed: null,
    });
    const firstDelay = new Date(s.next!).getTime() - clock.now().getTime();
    expect(firstDelay).toBeGreaterThan(ERP_IMPORT_DEFAULTS.baseDelaySeconds * 1000 - 2000);
    expect(firstDelay).toBeLessThanOrEqual(ERP_IMPORT_DEFAULTS.baseDelaySeconds * 1000 + 1000);
    // Not due yet: nothing happens.
    expect((await job.runOnce()).claimed).toBe(0);
    expect(adapter.calls).toBe(1);
    clock.advance(ERP_IMPORT_DEFAULTS.baseDelaySeconds * 1000 + 1000);
    expect(await job.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    s = await state(id);
    expect(s.retries).toBe(2);
    const secondDelay = new Date(s.next!).getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThan(firstDelay * 1.5);
    clock.advance(secondDelay + 1000);
    await job.runOnce();
    s = await state(id);
    expect(s.retries).toBe(3);
    expect(s.next).toBe('infinity');
    clock.advance(365 * 86_400_000);
    expect((await job.runOnce()).claimed).toBe(0);
    expect(adapter.calls).toBe(3);
    expect(await erpOrdersOf(id)).toEqual([]);

    // The control list shows it; an admin's reload queues it again, and a working ERP imports it.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/insalesweb/getallheadersforcontroljqgrid?filters=${encodeURIComponent(
        JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Id', op: 'eq', data: String(id) }] }),
      )}`,
      headers: bearer(admin),
    });
    expect(list.json().rows[0]).toMatchObject({
      Id: id,
      IMPORTED: false,
      REINTENTOSWEB: 3,
      ERROR: expect.stringContaining('ECONNREFUSED'),
    });
    const reload = await t.app.inject({
      method: 'POST',
      url: '/api/insalesweb/reloadNonProcessedCheckOut',
      headers: bearer(admin),
    });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().queued).toBeGreaterThanOrEqual(1);
    const fixed = erpImportJob({ db, adapter: builtInErpAdapter });
    expect((await fixed.runOnce()).imported).toBeGreaterThanOrEqual(1);
    s = await state(id);
    expect(s).toMatchObject({ imported: true, error: null, retries: 3, sales_related: webSalesId(id) });
  });

  it('a refusal of the built-in ERP (client blocked for orders) is recorded like any failure', async () => {
    const id = await newWebOrder();
    await db.execute(sql`update clients set orders_blocked = true where accountnum = 'C00001'`);
    try {
      const job = erpImportJob({ db, adapter: builtInErpAdapter });
      expect(await job.runOnce()).toMatchObject({ failed: 1 });
      expect(await state(id)).toMatchObject({
        imported: false,
        retries: 1,
        error: expect.stringContaining('bloqueados'),
      });
      expect(await erpOrdersOf(id)).toEqual([]);
    } finally {
      await db.execute(sql`update clients set orders_blocked = false where accountnum = 'C00001'`);
    }
    await makeDue(sql`id = ${id}`);
    await erpImportJob({ db, adapter: builtInErpAdapter }).runOnce();
    expect((await state(id)).imported).toBe(true);
  });

  it('survives a restart in the middle: a claimed web order is taken up again once its lease runs out', async () => {
    const id = await newWebOrder();
    const clock = testClock();
    const before = erpImportJob({ db, adapter: builtInErpAdapter, clock: clock.now });
    // The first server claims the web order and stops before importing it.
    expect(await before.claim()).toEqual([id]);
    expect((await state(id)).claimed).not.toBeNull();
    // A restarted (or other) server leaves it alone while the lease runs…
    const after = erpImportJob({ db, adapter: builtInErpAdapter, clock: clock.now });
    expect((await after.runOnce()).claimed).toBe(0);
    clock.advance(ERP_IMPORT_DEFAULTS.leaseSeconds * 1000 - 5000);
    expect((await after.runOnce()).claimed).toBe(0);
    // …and imports it once the lease has run out.
    clock.advance(10_000);
    expect(await after.runOnce()).toMatchObject({ claimed: 1, imported: 1 });
    expect(await state(id)).toMatchObject({ imported: true, claimed: null });
    expect(await erpOrdersOf(id)).toHaveLength(1);
  });

  it('a crash after the ERP created the order but before IMPORTED was saved does not create it twice', async () => {
    const id = await newWebOrder(2);
    // The ERP side committed (its own transaction), the portal's did not.
    const order: ErpWebOrder = {
      id,
      clientId: 'C00001',
      userName: buyer.username,
      orderedAt: new Date(),
      storeId: 'MAD01',
      storeName: 'Almacén Madrid Sur',
      deliveryDate: '2030-01-01',
      deliveryName: 'Talleres (sede)',
      street: null,
      city: null,
      zipcode: null,
      country: null,
      customerRef: 'OT-TEST',
      remarks: '',
      dlvModeId: 'RUTA',
      paymentMethodName: 'Contado',
      mediaCod: 0,
      netAmount: '15.00',
      lines: [
        {
          lineNo: 1,
          articleId: 11,
          itemId: 'X',
          name: 'x',
          quantity: 1,
          listPrice: '10',
          netPrice: '7.5',
          netAmount: '7.50',
        },
      ],
    };
    await builtInErpAdapter.importWebOrder(order, { db, now: new Date() });
    expect(await erpOrdersOf(id)).toHaveLength(1);
    const job = erpImportJob({ db, adapter: builtInErpAdapter });
    expect(await job.runOnce()).toMatchObject({ imported: 1 });
    expect(await erpOrdersOf(id)).toHaveLength(1);
    expect((await state(id)).sales_related).toBe(webSalesId(id));
  });

  it('two servers running at once import each web order exactly once', async () => {
    const ids = [
      await newWebOrder(),
      await newWebOrder(),
      await newWebOrder(),
      await newWebOrder(),
      await newWebOrder(),
    ];
    let calls = 0;
    const counting: ErpAdapter = {
      name: 'counting',
      async importWebOrder(order, context) {
        calls++;
        return builtInErpAdapter.importWebOrder(order, context);
      },
    };
    const a = erpImportJob({ db, adapter: counting, batchSize: 3 });
    const b = erpImportJob({ db, adapter: counting, batchSize: 3 });
    const runs = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(runs.reduce((s, r) => s + r.imported, 0)).toBe(ids.length);
    expect(calls).toBe(ids.length);
    for (const id of ids) {
      expect((await state(id)).imported).toBe(true);
      expect(await erpOrdersOf(id)).toHaveLength(1);
    }
  });

  it('runs on an interval until stopped', async () => {
    // The adapter tells when it is handed a web order; the job's own timer drives the passes.
    const handed = new Map<number, () => void>();
    const handedOver = (id: number) => new Promise<void>((resolve) => handed.set(id, resolve));
    const watching: ErpAdapter = {
      name: 'watching',
      async importWebOrder(order, context) {
        const result = await builtInErpAdapter.importWebOrder(order, context);
        handed.get(order.id)?.();
        return result;
      },
    };
    const first = await newWebOrder();
    const firstHanded = handedOver(first);
    const running = erpImportJob({ db, adapter: watching }).start(20);
    await firstHanded;
    // Made after the first pass claimed its orders, so only a later pass of the interval can import it. It is made
    // not due, watched, then due: the running timer can neither take it half-written (before its lines) nor hand it
    // over before the watch is set.
    const second = await newWebOrder(2, new Date(Date.now() + 3_600_000));
    const secondHanded = handedOver(second);
    await makeDue(sql`id = ${second}`);
    await secondHanded;
    await running.stop();
    expect((await state(first)).imported).toBe(true);
    expect((await state(second)).imported).toBe(true);
  });
});
