import { getErpConnection } from '@portal/contract/erp-connection';
import type { FeedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineToken as grantToken } from '../../test/machine-token.ts';
import { call, emptyRefundsCart, makeReturnDocuments } from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

// Production never pretends (issue 23; decision 0067): an app started with demoMode false has no demo ERP; a decided
// refund waits for the ERP's answer, which the refund-results feed brings; the screens learn whether an ERP is
// connected from GET erp-connection.

let t: TestApp;
let admin: string;
let buyer: string;
/** The made buyer's address: the refund's credit note is mailed to who asked for it. */
let buyerEmail: string;
let feeds: string;
const P = '/api/inrefund';
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

async function newClient(name: string, scopes: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integration/admin/clients',
    headers: bearer(admin),
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; clientId: string; clientSecret: string };
}

const machineToken = (client: { clientId: string; clientSecret: string }) =>
  grantToken(t.app, { clientId: client.clientId, secret: client.clientSecret });

function refundResults(body: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/feeds/refund-results',
    headers: { ...bearer(feeds), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
const result = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResult;
};
const connection = async (token = admin) =>
  t.app.inject({ method: 'GET', url: getErpConnection.path, headers: bearer(token) });

/** A refund of buyer's, asked for, received and its one line accepted: decided, waiting for the ERP. */
async function decidedRefund(tag: string): Promise<number> {
  const ids = await makeReturnDocuments(t.database.db, tag);
  const asBuyer = call(t.app.inject.bind(t.app), buyer);
  const asAdmin = call(t.app.inject.bind(t.app), admin);
  // The refund holds this line only, whatever a test before left in the buyer's refunds cart.
  await emptyRefundsCart(asBuyer);
  const added = await asBuyer('POST', `${P}/addarticletorefund`, {
    packingslipid: ids.slip,
    linenum: 3,
    motivo: 3,
    quantity: 1,
  });
  const id = added.json().returntablewebid as number;
  const [address] = (await asBuyer('GET', `${P}/getreturnaddresses`)).json();
  await asBuyer('POST', `${P}/finishCart`, { id, observations: 'Golpeada', Direccion_Usuario: address.id });
  const [line] = (await asBuyer('GET', `${P}/getlinesbyrefundid/${id}`)).json();
  expect((await asAdmin('POST', `${P}/receive`, { id })).statusCode).toBe(200);
  expect((await asAdmin('POST', `${P}/decideline`, { id: line.id, decision: 'accepted' })).statusCode).toBe(200);
  return id;
}
const refund = async (id: number) =>
  (
    await rows<{
      stage: string;
      status: number;
      return_sales_id: string | null;
      credit_note_id: string | null;
      erp_error: string | null;
    }>(
      sql`select stage, status::int as status, return_sales_id, credit_note_id, erp_error from refunds where id = ${id}`,
    )
  )[0]!;
const kinds = async (id: number) =>
  (await rows<{ kind: string }>(sql`select kind from refund_events where refund_id = ${id} order by id`)).map(
    (e) => e.kind,
  );

beforeAll(async () => {
  t = await createTestApp({ DEMO_MODE: 'false', PUBLIC_URL: 'http://portal.test' });
  admin = (await makeUser(t, 'admin')).token;
  const made = await makeUser(t, 'plateBuyer');
  buyer = made.token;
  buyerEmail = `${made.username}@test.example`;
}, 240_000);
afterAll(() => t.close());

describe('production never pretends', () => {
  it('has no demo ERP: no client of its own, and no ERP connected until an admin makes one that reads the events', async () => {
    expect(t.app.demoErp).toBeNull();
    expect(await rows(sql`select 1 from integration_clients where client_id = 'ic_demo_erp'`)).toEqual([]);
    expect((await connection(buyer)).statusCode).toBe(403);
    expect((await connection()).json()).toEqual({ connected: false, demo: false, clients: [] });
    // A client that only sends feeds receives no web orders: still no ERP connected.
    const sender = await newClient('Cargas del ERP', ['erp.feeds']);
    await machineToken(sender);
    expect((await connection()).json()).toMatchObject({ connected: false });
    const erp = await newClient('Dynamics 365', ['erp.events']);
    expect((await connection()).json()).toEqual({
      connected: true,
      demo: false,
      clients: [{ name: 'Dynamics 365', lastUsedAt: null }],
    });
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/integration/admin/clients/${erp.id}/revoke`,
      headers: bearer(admin),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await connection()).json()).toMatchObject({ connected: false, clients: [] });
  });

  it('staff’s “send now” writes the refund’s event again and answers that it waits for the ERP: nothing processed', async () => {
    const id = await decidedRefund('P1');
    const asAdmin = call(t.app.inject.bind(t.app), admin);
    const res = await asAdmin('POST', `${P}/requeueerp`, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'sent' });
    expect(await refund(id)).toMatchObject({
      stage: 'decided',
      status: 1,
      return_sales_id: null,
      credit_note_id: null,
    });
    expect(await rows(sql`select 1 from erp_return_orders where refund_id = ${id}`)).toEqual([]);
    const events = await rows<{ type: string }>(
      sql`select type from integration_events where object_key = ${`refund:${id}`} order by id`,
    );
    expect(events.map((e) => e.type)).toEqual(['refund.decided', 'refund.decided']);
    // No credit note PDF is made up either.
    expect((await asAdmin('GET', `${P}/creditnote/${id}`)).statusCode).toBe(404);
  });
});

describe('the refund-results feed', () => {
  // The feed's sender, this block's own (not the first test's).
  beforeAll(async () => {
    feeds = await machineToken(await newClient('Cargas del ERP (resultados)', ['erp.feeds']));
  });
  // A test may connect an ERP (a client holding erp.events): disconnected after it, as the first test expects none.
  afterEach(async () => {
    await t.database.db.execute(
      sql`update integration_clients set revoked_at = now() where revoked_at is null and 'erp.events' = any(scopes)`,
    );
  });

  it('exports with the return order, processes with the credit note (event, e-mail), and is unchanged when sent again', async () => {
    const id = await decidedRefund('P2');
    const exported = result(await refundResults([{ REFUNDID: id, RETURNSALESTABLEID: 'DV-000045' }]));
    expect(exported).toMatchObject({ applied: 1, unchanged: 0, refused: 0 });
    expect(await refund(id)).toMatchObject({ stage: 'decided', status: 1, return_sales_id: 'DV-000045' });
    expect(result(await refundResults([{ REFUNDID: id, RETURNSALESTABLEID: 'DV-000045' }]))).toMatchObject({
      applied: 0,
      unchanged: 1,
    });
    // Another return order for the same refund is refused, named.
    expect(result(await refundResults([{ REFUNDID: id, RETURNSALESTABLEID: 'DV-999' }])).errors).toEqual([
      { row: 1, key: String(id), reason: 'other-return-order' },
    ]);

    const done = result(
      await refundResults([{ REFUNDID: id, RETURNSALESTABLEID: 'DV-000045', CREDITNOTEID: 'AB-000031' }]),
    );
    expect(done).toMatchObject({ applied: 1, refused: 0 });
    expect(await refund(id)).toMatchObject({
      stage: 'processed',
      status: 2,
      return_sales_id: 'DV-000045',
      credit_note_id: 'AB-000031',
      erp_error: null,
    });
    expect(await kinds(id)).toEqual(['requested', 'received', 'accepted', 'exported', 'processed']);
    await t.app.mailOutbox.settled();
    const mail = t.mails.find((m) => m.subject.includes(`Devolución ${id}: abono`));
    expect(mail?.to).toBe(buyerEmail);
    expect(mail?.text).toContain('AB-000031');

    // Sent again: unchanged; another credit note or an error for a processed refund: refused.
    const again = result(
      await refundResults([
        { REFUNDID: id, CREDITNOTEID: 'AB-000031' },
        { REFUNDID: id, CREDITNOTEID: 'AB-000099' },
        { REFUNDID: id, ERROR: 'tarde' },
      ]),
    );
    expect(again).toMatchObject({ applied: 0, unchanged: 1, refused: 2 });
    expect(again.errors.map((e) => [e.row, e.reason])).toEqual([
      [2, 'already-processed'],
      [3, 'already-processed'],
    ]);
    expect(await kinds(id)).toEqual(['requested', 'received', 'accepted', 'exported', 'processed']);
    await t.app.mailOutbox.settled();
    expect(t.mails.filter((m) => m.subject.includes(`Devolución ${id}: abono`))).toHaveLength(1);
  });

  it('records the ERP’s error (STATUS 3) once, and a credit note later processes the refund', async () => {
    const id = await decidedRefund('P3');
    expect(result(await refundResults([{ REFUNDID: id, ERROR: 'Albarán no encontrado' }]))).toMatchObject({
      applied: 1,
    });
    expect(await refund(id)).toMatchObject({ stage: 'decided', status: 3, erp_error: 'Albarán no encontrado' });
    expect(result(await refundResults([{ REFUNDID: id, ERROR: 'Albarán no encontrado' }]))).toMatchObject({
      applied: 0,
      unchanged: 1,
    });
    const [retries] = await rows<{ n: number }>(sql`select erp_retries::int as n from refunds where id = ${id}`);
    expect(retries!.n).toBe(1);
    expect(result(await refundResults([{ REFUNDID: id, CREDITNOTEID: 'AB-000032' }]))).toMatchObject({ applied: 1 });
    expect(await refund(id)).toMatchObject({ stage: 'processed', status: 2, erp_error: null, return_sales_id: null });
    expect(await kinds(id)).toEqual(['requested', 'received', 'accepted', 'erp_error', 'processed']);
  });

  it('names each refused row: unknown refund, not decided yet, malformed; the good rows of the batch are applied', async () => {
    const decided = await decidedRefund('P4');
    const [requested] = await rows<{ id: number }>(
      sql`select id::int as id from refunds where stage in ('requested', 'received') order by id limit 1`,
    );
    // buyer's refunds cart (not asked for yet): the ERP cannot know it.
    const slip = (await makeReturnDocuments(t.database.db, 'P5')).slip;
    const added = await call(t.app.inject.bind(t.app), buyer)('POST', `${P}/addarticletorefund`, {
      packingslipid: slip,
      linenum: 1,
      motivo: 2,
      quantity: 1,
    });
    const cart = added.json().returntablewebid as number;
    const answer = result(
      await refundResults([
        { REFUNDID: 99_999_999, CREDITNOTEID: 'AB-1' },
        { REFUNDID: requested!.id, RETURNSALESTABLEID: 'DV-1' },
        { REFUNDID: decided, ERROR: 'x', CREDITNOTEID: 'AB-2' },
        { REFUNDID: decided, RETURNSALESTABLEID: 'DV-000046' },
        { REFUNDID: cart, RETURNSALESTABLEID: 'DV-2' },
      ]),
    );
    expect(answer.applied).toBe(1);
    expect(answer.errors.map((e) => [e.row, e.key, e.reason.replace(/:.*/, '')])).toEqual([
      [1, '99999999', 'unknown-refund'],
      [2, String(requested!.id), 'not-decided'],
      [3, String(decided), 'malformed'],
      [5, String(cart), 'unknown-refund'],
    ]);
    expect(await refund(decided)).toMatchObject({ stage: 'decided', return_sales_id: 'DV-000046' });
    expect(await refund(requested!.id)).toMatchObject({ return_sales_id: null });
  });

  it('is for clients holding erp.feeds only', async () => {
    const reader = await machineToken(await newClient('Solo eventos', ['erp.events']));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/feeds/refund-results',
      headers: { ...bearer(reader), 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(res.statusCode).toBe(403);
    const person = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/feeds/refund-results',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(person.statusCode).toBe(401);
  });
});
