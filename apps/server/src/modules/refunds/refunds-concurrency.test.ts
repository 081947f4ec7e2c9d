import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeReturnDocuments } from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof makeReturnDocuments>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await makeReturnDocuments(t.database.db, 'C');
}, 240_000);
afterAll(() => t.close());

/**
 * Two users of the same client (two carts, one unit each) and several tabs each, adding one unit of the same
 * 5-unit line at once:
 * the line's row lock serialises them (decision 0028), so exactly 5 are accepted, on PostgreSQL's real
 * concurrency (TEST_DB_KIND=postgres) as on PGlite's single connection.
 */
describe('concurrent returns of one line', () => {
  it('never asks more than was delivered, across carts and tabs', async () => {
    const buyerUser = await makeUser(t, 'plateBuyer');
    const buyer = call(t.app.inject.bind(t.app), buyerUser.token);
    const clientadmin = call(t.app.inject.bind(t.app), (await makeUser(t, 'clientadmin')).token);
    const body = { packingslipid: ids.slip, linenum: 1, motivo: 1, quantity: 1 };
    // Each cart holds one unit first, so that both carts are certain to exist whatever order the race takes.
    for (const user of [buyer, clientadmin])
      expect((await user('POST', '/api/inrefund/addarticletorefund', body)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? buyer : clientadmin)('POST', '/api/inrefund/addarticletorefund', body),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    expect(
      answers.filter((a) => a.statusCode === 400).every((a) => a.json().message === 'WARN_RefundQuantityMax'),
    ).toBe(true);
    const [asked] = await testRows<{ n: number; carts: number }>(
      t.database.db,
      sql`select coalesce(sum(quantity), 0)::int as n, count(distinct refund_id)::int as carts from refund_lines
           where packing_slip_id = ${ids.slip} and packing_slip_line_no = 1`,
    );
    expect(asked).toEqual({ n: 5, carts: 2 });
    // Edits race the same way: both carts raising their line at once cannot pass 5 together.
    const cartLines = await testRows<{ id: number; quantity: number }>(
      t.database.db,
      sql`select id::int as id, quantity from refund_lines where packing_slip_id = ${ids.slip} and packing_slip_line_no = 1
           order by id`,
    );
    expect(cartLines).toHaveLength(2);
    const owners = await testRows<{ id: number; username: string }>(
      t.database.db,
      sql`select l.id::int as id, u.username from refund_lines l join refunds r on r.id = l.refund_id
           join users u on u.id = r.user_id where l.id in (${cartLines[0]!.id}, ${cartLines[1]!.id}) order by l.id`,
    );
    const who = (name: string) => (name === buyerUser.username ? buyer : clientadmin);
    // Both down to 1 (2 of 5 asked), then both up to 4 at once: only one of them fits.
    for (const o of owners)
      expect((await who(o.username)('POST', '/api/inrefund/editItemCart', { id: o.id, quantity: 1 })).statusCode).toBe(
        200,
      );
    const edits = await Promise.all(
      owners.map((o) => who(o.username)('POST', '/api/inrefund/editItemCart', { id: o.id, quantity: 4 })),
    );
    expect(edits.map((e) => e.statusCode).sort()).toEqual([200, 400]);
    const [after] = await testRows<{ n: number }>(
      t.database.db,
      sql`select sum(quantity)::int as n from refund_lines where packing_slip_id = ${ids.slip} and packing_slip_line_no = 1`,
    );
    expect(after!.n).toBe(5);
  });
});
