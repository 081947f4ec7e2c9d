import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JOB_REFS } from '../../db/seed/doc-search.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/**
 * One search over every document (issue 26; decision 0081). This file makes its own documents, numbered ZQ… (no demo
 * document starts so), so that every hit is certain: an order, an invoice, a packing slip and a refund of C00001
 * (buyer's client) and an order of C00002 (buyer2's).
 */
let t: TestApp;
let buyer: string;
let buyerName: string;
let buyer2: string;
let admin: string;
let refundId: number;
let webOrderId: number;

type Hit = { kind: string; id: string; number: string; matched: string; link: string; client: string } & Record<
  string,
  unknown
>;
type Answer = { q: string; groups: { kind: string; hits: Hit[] }[] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id,
      store_name, delivery_name, status, dlv_mode, sales_origin_id, sales_taker) values
    ('41ZQ9000001', 'C00001', now() - interval '3 days', 'ZQ-REF 77', 'MAD01', 'Madrid', 'Taller', 1, 'RUTA', 'WEB', 'Ana'),
    ('41ZQ9000003', 'C00002', now() - interval '2 days', 'ZQ-REF 78', 'MAD01', 'Madrid', 'Otro', 3, 'RUTA', 'WEB', 'Ana')`);
  await db.execute(sql`insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date,
      employee_name, net_amount, vat_amount, total_amount)
    values ('41ZQ9000002', 'C00001', 'Taller', current_date - 1, current_date + 29, 'Ana', 100.00, 21.00, 121.00)`);
  await db.execute(sql`insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date,
      customer_ref, store_id, store_name, delivery_name, dlv_mode, employee_name)
    values ('ZQALB0001', 'C00001', 'Taller', current_date - 2, 'ZQ-REF 77', 'MAD01', 'Madrid', 'Taller', 'RUTA', 'Ana')`);
  const [refund] = await testRows<{ id: number }>(
    db,
    sql`insert into refunds (id, client_accountnum, client_name, stage, status, requested_at, processed_at,
          return_sales_id, credit_note_id)
        values (990001, 'C00001', 'Taller', 'processed', 2, now() - interval '1 day', now(), '41RZQ0000001',
                '41AZQ0000001')
        returning id::int`,
  );
  refundId = refund!.id;
  const [order] = await testRows<{ id: number }>(
    db,
    sql`select w.id::int from web_orders w join users u on u.id = w.user_id
         where u.username = 'buyer' and w.id >= 10 order by w.id limit 1`,
  );
  webOrderId = order!.id;
  ({ token: buyer, username: buyerName } = await makeUser(t, 'plateBuyer'));
  buyer2 = (await makeUser(t, 'buyer', { client: 'C00002' })).token;
  admin = (await makeUser(t, 'admin')).token;
});
afterAll(() => t.close());

const search = (token: string | null, q: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/search/documents?q=${encodeURIComponent(q)}`,
    headers: token ? bearer(token) : {},
  });
const found = async (token: string, q: string): Promise<Answer> => {
  const res = await search(token, q);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const idsOf = (a: Answer, kind: string) => a.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];

describe('GET /api/search/documents', () => {
  it('needs a signed-in caller and 2 to 40 characters', async () => {
    expect((await search(null, 'ZQ')).statusCode).toBe(401);
    const short = await search(buyer, ' Z ');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('WARN_SearchTooShort');
    const long = await search(buyer, 'Z'.repeat(41));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('WARN_SearchTooLong');
  });

  it('finds an order by its number as shown (without 41) and as the ERP writes it, in any case', async () => {
    for (const q of ['ZQ9000001', 'zq9000001', '41ZQ9000001', '41zq9000001']) {
      const a = await found(buyer, q);
      expect(a.groups.map((g) => g.kind)).toEqual(['order']);
      expect(a.groups[0]!.hits).toEqual([
        {
          kind: 'order',
          id: '41ZQ9000001',
          number: 'ZQ9000001',
          date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          state: '1',
          amount: null,
          customerRef: 'ZQ-REF 77',
          jobRef: null,
          client: 'C00001',
          matched: 'number',
          link: '/sales/ZQ9000001',
        },
      ]);
    }
  });

  it('groups the kinds in their order; a number match comes before a reference match of the same document', async () => {
    const a = await found(buyer, 'zq');
    expect(a.groups.map((g) => g.kind)).toEqual(['order', 'invoice', 'packingslip']);
    expect(idsOf(a, 'order')).toEqual(['41ZQ9000001']);
    expect(a.groups[0]!.hits[0]!.matched).toBe('number');
    expect(idsOf(a, 'invoice')).toEqual(['41ZQ9000002']);
    expect(idsOf(a, 'packingslip')).toEqual(['ZQALB0001']);
  });

  it('finds orders and packing slips by the customer’s reference', async () => {
    const a = await found(buyer, 'zq-ref 7');
    expect(a.groups.map((g) => [g.kind, g.hits.map((h) => [h.id, h.matched])])).toEqual([
      ['order', [['41ZQ9000001', 'customerRef']]],
      ['packingslip', [['ZQALB0001', 'customerRef']]],
    ]);
  });

  it('an invoice shows its total and opens the invoices screen by the number shown', async () => {
    const [hit] = (await found(buyer, 'ZQ9000002')).groups[0]!.hits;
    expect(hit).toMatchObject({ kind: 'invoice', number: 'ZQ9000002', amount: 121, link: '/invoice/ZQ9000002' });
    expect(hit!.date).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('a customer finds only their own client’s documents; staff find every client’s', async () => {
    expect((await found(buyer, 'ZQ9000003')).groups).toEqual([]);
    expect(idsOf(await found(buyer2, 'ZQ9000003'), 'order')).toEqual(['41ZQ9000003']);
    expect(idsOf(await found(buyer2, 'ZQ9000001'), 'order')).toEqual([]);
    const staff = await found(admin, 'zq');
    expect(staff.groups.find((g) => g.kind === 'order')!.hits.map((h) => [h.id, h.client])).toEqual([
      ['41ZQ9000003', 'C00002'],
      ['41ZQ9000001', 'C00001'],
    ]);
  });

  it('staff acting as a customer’s user find that client’s documents only', async () => {
    const acting = await t.app.inject({
      method: 'POST',
      url: '/api/account/actas',
      payload: { username: buyerName },
      headers: bearer(admin),
    });
    expect(acting.statusCode).toBe(200);
    const token = acting.json().access_token as string;
    expect(idsOf(await found(token, 'zq'), 'order')).toEqual(['41ZQ9000001']);
    expect((await found(token, 'ZQ9000003')).groups).toEqual([]);
  });

  it('finds a refund by its number (with or without a leading 41), its return order and its credit note', async () => {
    for (const q of [String(refundId), `41${refundId}`, '41RZQ', '41azq00']) {
      const a = await found(buyer, q);
      const refund = a.groups.find((g) => g.kind === 'refund');
      expect(refund?.hits.map((h) => [h.id, h.link, h.matched])).toEqual([
        [String(refundId), `/allrefunds/${refundId}`, 'number'],
      ]);
    }
    expect((await found(buyer2, '41RZQ')).groups).toEqual([]);
  });

  it('finds a web order by its number, with or without a leading 41', async () => {
    for (const q of [String(webOrderId), `41${webOrderId}`]) {
      const hits = (await found(buyer, q)).groups.find((g) => g.kind === 'weborder')?.hits ?? [];
      expect(hits.map((h) => [h.id, h.link])).toContainEqual([String(webOrderId), `/salesweb/${webOrderId}`]);
    }
    expect((await found(buyer2, String(webOrderId))).groups.find((g) => g.kind === 'weborder')).toBeUndefined();
  });

  it('finds the demo web orders by the job references of their lines, each client its own', async () => {
    const plate = await found(buyer, DEMO_JOB_REFS.plate.toLowerCase());
    expect(plate.groups.map((g) => g.kind)).toEqual(['weborder']);
    expect(plate.groups[0]!.hits).toHaveLength(2);
    expect(plate.groups[0]!.hits.every((h) => h.matched === 'jobRef' && h.jobRef === DEMO_JOB_REFS.plate)).toBe(true);
    expect(idsOf(await found(buyer, DEMO_JOB_REFS.workOrder), 'weborder')).toHaveLength(1);
    expect(idsOf(await found(buyer, DEMO_JOB_REFS.claim.slice(0, 8)), 'weborder')).toHaveLength(1);
    expect((await found(buyer, DEMO_JOB_REFS.otherClient)).groups).toEqual([]);
    expect(idsOf(await found(buyer2, DEMO_JOB_REFS.otherClient), 'weborder')).toHaveLength(1);
    expect(idsOf(await found(admin, DEMO_JOB_REFS.otherClient), 'weborder')).toHaveLength(1);
  });

  it('answers at most 5 of a kind, the highest numbers first', async () => {
    const a = await found(admin, 'PV');
    const orders = a.groups.find((g) => g.kind === 'order')!.hits;
    expect(orders).toHaveLength(5);
    expect(orders.every((h) => /^(41)?PV/.test(h.id) && h.matched === 'number')).toBe(true);
  });

  it('a pattern character is a character: % and _ find nothing', async () => {
    expect((await found(admin, '%%')).groups).toEqual([]);
    expect((await found(admin, '__')).groups).toEqual([]);
  });
});
