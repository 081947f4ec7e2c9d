import type { DashboardSummary } from '@portal/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../lib/business-time.ts';
import { testRows } from '../test/rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD, type TestUser } from '../test/users.ts';
import { monthBounds } from './dashboard-summary.repository.ts';

const URL = '/api/inclient/dashboardsummary';
let t: TestApp;
const tokens: Record<string, string> = {};
let users: Record<'buyer' | 'buyer2' | 'admin', TestUser>;

async function summary(who: 'buyer' | 'buyer2' | 'admin'): Promise<DashboardSummary> {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer(tokens[who]!) });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardSummary;
}

const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

beforeAll(async () => {
  t = await createTestApp();
  users = {
    buyer: await makeUser(t, 'plateBuyer'),
    buyer2: await makeUser(t, 'buyer', { client: 'C00002' }),
    admin: await makeUser(t, 'admin'),
  };
  for (const [who, user] of Object.entries(users)) tokens[who] = user.token;
});
afterAll(async () => {
  await t?.close();
});

describe('monthBounds', () => {
  it('gives the first days of the month, the month before (across a year) and the month after', () => {
    expect(monthBounds('2026-01-15')).toEqual({
      month: '2026-01',
      lastStart: '2025-12-01',
      start: '2026-01-01',
      nextStart: '2026-02-01',
    });
    expect(monthBounds('2026-12-31').nextStart).toBe('2027-01-01');
  });
});

describe('GET /api/inclient/dashboardsummary', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });

  it('shows a client its own newest order with the sum of its lines, and never another client’s', async () => {
    await run(sql`insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id,
        store_name, delivery_name, status, dlv_mode, sales_origin_id, sales_taker)
      values ('41DASH00001', 'C00002', now() + interval '1 minute', 'DASH', 'MAD01', 'Madrid', 'Otro', 3, 'RUTA', 'WEB', 'Ana')`);
    await run(sql`insert into erp_sales_lines (sales_id, line_no, item_id, name, quantity, sales_price, line_amount)
      values ('41DASH00001', 1, 'X1', 'Pieza', 2, 10, 20.50), ('41DASH00001', 2, 'X2', 'Pieza', 1, 5, 4.25)`);
    const other = await summary('buyer2');
    expect(other.orders[0]).toMatchObject({ id: '41DASH00001', status: 3, amount: 24.75 });
    expect(other.staff).toBeNull();
    const own = await summary('buyer');
    expect(own.orders.length).toBeGreaterThan(0);
    expect(own.orders.map((o) => o.id)).not.toContain('41DASH00001');
    expect(own.staff).toBeNull();
  });

  it('counts a client’s open return and lists it first; staff see it waiting for a decision', async () => {
    const [buyerBefore, adminBefore] = await Promise.all([summary('buyer'), summary('admin')]);
    const [refund] = await testRows<{ id: number }>(
      t.database.db,
      sql`insert into refunds (client_accountnum, client_name, stage, status, requested_at)
          values ('C00001', 'Taller', 'received', 1, now() + interval '1 minute') returning id::int`,
    );
    const [buyer, buyer2, admin] = await Promise.all([summary('buyer'), summary('buyer2'), summary('admin')]);
    expect(buyer.returns.open).toBe(buyerBefore.returns.open + 1);
    expect(buyer.returns.latest[0]).toMatchObject({ id: refund!.id, stage: 'received' });
    expect(buyer2.returns.latest.map((r) => r.id)).not.toContain(refund!.id);
    expect(admin.staff!.refundsWaiting.count).toBe(adminBefore.staff!.refundsWaiting.count + 1);
    expect(admin.staff!.refundsWaiting.oldest.length).toBeLessThanOrEqual(5);
  });

  it('lists a web order not yet imported for its client and in the staff’s waiting count', async () => {
    const adminBefore = await summary('admin');
    const user = users.buyer;
    const [method] = await testRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from payment_methods order by id limit 1`,
    );
    const [cart] = await testRows<{ id: number }>(
      t.database.db,
      sql`insert into carts (user_id, client_accountnum, status, finished_at)
          values (${user.id}, 'C00001', 'finished', now()) returning id::int`,
    );
    const [order] = await testRows<{ id: number }>(
      t.database.db,
      sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, delivery_date, delivery_name,
            customer_ref, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name, list_amount, net_amount,
            ordered_at)
          values (${cart!.id}, ${user.id}, 'C00001', 'MAD01', 'Madrid', current_date + 1, 'Taller', 'DASH', 'RUTA',
            'Reparto', ${method!.id}, ${method!.name}, 20, 15.5, now() + interval '1 minute')
          returning id::int`,
    );
    const [buyer, buyer2, admin] = await Promise.all([summary('buyer'), summary('buyer2'), summary('admin')]);
    expect(buyer.webOrders[0]).toMatchObject({ id: order!.id, imported: false, amount: 15.5 });
    expect(buyer2.webOrders.map((w) => w.id)).not.toContain(order!.id);
    expect(admin.staff!.webOrdersWaiting.count).toBe(adminBefore.staff!.webOrdersWaiting.count + 1);
    for (const w of admin.staff!.webOrdersWaiting.oldest) expect(w.imported).toBe(false);
  });

  it('sums the client’s invoiced net amount of this business month and the last; a month later they move', async () => {
    const { month, lastStart } = monthBounds(businessToday(t.clock.now()));
    const before = await summary('buyer');
    expect(before.spending.month).toBe(month);
    const today = businessToday(t.clock.now());
    await run(sql`insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date,
        employee_name, net_amount, vat_amount, total_amount) values
      ('41DASHF0001', 'C00001', 'Taller', ${today}::date, ${today}::date, 'Ana', 123.45, 0, 123.45),
      ('41DASHF0002', 'C00001', 'Taller', ${lastStart}::date, ${lastStart}::date, 'Ana', 10.00, 0, 10.00),
      ('41DASHF0003', 'C00002', 'Otro', ${today}::date, ${today}::date, 'Ana', 999.00, 0, 999.00)`);
    const after = await summary('buyer');
    expect(after.spending.thisMonth - before.spending.thisMonth).toBeCloseTo(123.45, 2);
    expect(after.spending.lastMonth - before.spending.lastMonth).toBeCloseTo(10, 2);

    const { nextStart } = monthBounds(today);
    // Noon UTC of the next month's first day is that day in Spain too.
    t.clock.advance(Date.parse(`${nextStart}T12:00:00Z`) - t.clock.now().getTime());
    tokens.buyer = (await signIn(t.app, users.buyer.username, TEST_USER_PASSWORD)).access_token;
    const later = await summary('buyer');
    expect(later.spending.month).toBe(nextStart.slice(0, 7));
    expect(later.spending.lastMonth).toBeCloseTo(after.spending.thisMonth, 2);
  });
});
