import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { builtInErpAdapter, type ErpAdapter } from '../../db/erp-adapter.ts';
import { call, emptyRefundsCart, makeReturnDocuments, requestRefund } from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser, type TestUser } from '../../test/users.ts';
import { refundsRepository } from './refunds.repository.ts';
import { refundsErpJob } from './refunds-erp.job.ts';

let t: TestApp;
let db: Db;
let buyer: ReturnType<typeof call>;
let buyerUser: TestUser;
let buyer2: ReturnType<typeof call>;
let admin: ReturnType<typeof call>;
let adminName: string;
const P = '/api/inrefund';
// The job runs a second ahead: what the app wrote "now" is due for it.
const later = () => new Date(Date.now() + 1000);
const [C1] = ['C00001'];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  buyerUser = await makeUser(t, 'plateBuyer');
  buyer = call(t.app.inject.bind(t.app), buyerUser.token);
  buyer2 = call(t.app.inject.bind(t.app), (await makeUser(t, 'buyer', { client: 'C00002' })).token);
  const adminUser = await makeUser(t, 'admin');
  adminName = adminUser.username;
  admin = call(t.app.inject.bind(t.app), adminUser.token);
}, 240_000);
afterAll(() => t.close());

const header = async (refundId: number) => (await admin('GET', `${P}/getrefund/${refundId}`)).json();

/**
 * Each test's own refund, at the step it needs: requested by the buyer from packing slips of its own (2 units of line
 * 1, reason 2; all 3 units of line 3, reason 3), then received, then its first line rejected, then processed by the ERP.
 */
let made = 0;
async function requested() {
  const ids = await makeReturnDocuments(db, `S${++made}`);
  const refundId = await requestRefund(
    buyer,
    ids,
    [
      { linenum: 1, motivo: 2, quantity: 2 },
      { linenum: 3, motivo: 3, quantity: 3 },
    ],
    'Golpeadas',
  );
  const lines: { id: number; id_linea: number }[] = (await buyer('GET', `${P}/getlinesbyrefundid/${refundId}`)).json();
  await t.app.mailOutbox.settled();
  return { ids, refundId, lines };
}
async function received() {
  const refund = await requested();
  expect((await admin('POST', `${P}/receive`, { id: refund.refundId })).statusCode).toBe(200);
  return refund;
}
async function firstLineRejected() {
  const refund = await received();
  const res = await admin('POST', `${P}/decideline`, {
    id: refund.lines[0]!.id,
    decision: 'rejected',
    reason: 'La pieza está montada',
  });
  expect(res.statusCode).toBe(200);
  return refund;
}
async function processed() {
  const refund = await firstLineRejected();
  expect((await admin('POST', `${P}/decideline`, { id: refund.lines[1]!.id, decision: 'accepted' })).statusCode).toBe(
    200,
  );
  // The job run is about this refund only: the other decided refunds wait (the demo's errored one among them).
  await db.execute(
    sql`update refunds set erp_next_attempt_at = 'infinity' where stage = 'decided' and id <> ${refund.refundId}`,
  );
  const job = refundsErpJob({ repo: refundsRepository(db), adapter: builtInErpAdapter, clock: later });
  expect(await job.runOnce()).toMatchObject({ claimed: 1, processed: 1 });
  return refund;
}
const mailsTo = (subject: string) => t.mails.filter((m) => m.subject.includes(subject)).map((m) => m.to);

describe('staff steps', () => {
  // The buyer has one open refunds cart: each test starts with it empty.
  beforeEach(() => emptyRefundsCart(buyer));

  it('refuses to decide before the refund is received, and 404 for an unknown refund', async () => {
    const { lines } = await requested();
    const res = await admin('POST', `${P}/decideline`, { id: lines[0]!.id, decision: 'accepted' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_RefundStateChanged');
    expect((await admin('POST', `${P}/receive`, { id: 99999999 })).statusCode).toBe(404);
  });

  it('marks it received, e-mails the customer in the language they read, and the customer can no longer cancel', async () => {
    const { refundId } = await requested();
    // The buyer reads the portal in Portuguese (their profile's language): so does their e-mail.
    await db.execute(sql`update users set language = 'pt' where id = ${buyerUser.id}`);
    try {
      expect((await admin('POST', `${P}/receive`, { id: refundId })).statusCode).toBe(200);
    } finally {
      await db.execute(sql`update users set language = 'es' where id = ${buyerUser.id}`);
    }
    expect((await admin('POST', `${P}/receive`, { id: refundId })).json().message).toBe('WARN_RefundStateChanged');
    await t.app.mailOutbox.settled();
    expect(mailsTo(`Devolução ${refundId}: recebida no armazém`)).toEqual([`${buyerUser.username}@test.example`]);
    expect(mailsTo(`Devolución ${refundId}: recibida`)).toEqual([]);
    expect((await buyer('POST', `${P}/cancel`, { id: refundId })).json().message).toBe('WARN_RefundStateChanged');
  });

  it('keeps internal notes from the customer', async () => {
    const { refundId } = await received();
    const bad = await admin('POST', `${P}/addnote`, { id: refundId, body: '  ' });
    expect(bad.json().message).toBe('WARN_RefundNoteRequired');
    const notes = (await admin('POST', `${P}/addnote`, { id: refundId, body: 'Revisar embalaje' })).json();
    expect(notes).toEqual([expect.objectContaining({ author: adminName, body: 'Revisar embalaje' })]);
    expect((await header(refundId)).notes).toHaveLength(1);
    const seen = (await buyer('GET', `${P}/getrefund/${refundId}`)).json();
    expect(seen.notes).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain('Revisar embalaje');
  });

  it('needs a reason to reject a line, which frees its quantity and the customer reads', async () => {
    const { ids, refundId, lines } = await received();
    const noReason = await admin('POST', `${P}/decideline`, { id: lines[0]!.id, decision: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('WARN_RefundRejectReasonRequired');
    const [before] = await testRows<{ decision: string | null }>(
      db,
      sql`select decision from refund_lines where id = ${lines[0]!.id}`,
    );
    expect(before!.decision).toBeNull();
    const res = await admin('POST', `${P}/decideline`, {
      id: lines[0]!.id,
      decision: 'rejected',
      reason: 'La pieza está montada',
    });
    expect(res.statusCode).toBe(200);
    const check = (await buyer('GET', `${P}/comprobardevolucion?packingslipid=${ids.slip}&linenum=1`)).json();
    expect(check.maxquantity).toBe(5);
    const detail = (await buyer('GET', `${P}/getrefund/${refundId}`)).json();
    expect(detail.lines.find((l: { id: number }) => l.id === lines[0]!.id)).toMatchObject({
      decision: 'rejected',
      decision_reason: 'La pieza está montada',
    });
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'received', 'rejected']);
  });

  it('accepting the last line sends the refund to the ERP; a failure is an Error that is retried', async () => {
    const { refundId, lines } = await firstLineRejected();
    expect((await admin('POST', `${P}/decideline`, { id: lines[1]!.id, decision: 'accepted' })).statusCode).toBe(200);
    expect((await header(refundId)).header).toMatchObject({ STAGE: 'decided', STATUS: 1 });
    let fail = true;
    const flaky: ErpAdapter = {
      ...builtInErpAdapter,
      name: 'flaky',
      importReturnOrder: async (order, ctx) => {
        if (fail) throw new Error('ERP: conexión rechazada');
        return builtInErpAdapter.importReturnOrder!(order, ctx);
      },
    };
    // The demo's other decided refunds wait: this job run is about this refund only.
    await db.execute(
      sql`update refunds set erp_next_attempt_at = 'infinity' where stage = 'decided' and id <> ${refundId}`,
    );
    const repo = refundsRepository(db);
    let ahead = 1000;
    const job = refundsErpJob({
      repo,
      adapter: flaky,
      clock: () => new Date(Date.now() + ahead),
      baseDelaySeconds: 60,
    });
    expect(await job.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await header(refundId);
    expect(failed.header).toMatchObject({ STATUS: 3, STAGE: 'decided', RETURNSALESTABLEID: null });
    expect(failed.erp_error).toBe('ERP: conexión rechazada');
    // Not due again before its delay (60 s), due after it.
    expect(await job.runOnce()).toMatchObject({ claimed: 0 });
    fail = false;
    ahead = 62_000;
    expect(await job.runOnce()).toMatchObject({ claimed: 1, processed: 1 });
    const done = await header(refundId);
    expect(done.header).toMatchObject({
      STATUS: 2,
      STAGE: 'processed',
      RETURNSALESTABLEID: `41RD${String(refundId).padStart(7, '0')}`,
      CREDITNOTEID: `41AB${String(refundId).padStart(7, '0')}`,
    });
    expect(done.header.Fecha_Tramitacion).toEqual(expect.any(String));
    expect(done.erp_error).toBeNull();
    expect(done.events.map((e: { kind: string }) => e.kind)).toEqual([
      'requested',
      'received',
      'rejected',
      'accepted',
      'erp_error',
      'exported',
      'processed',
    ]);
    // The credit note values the accepted line: 3 × 10,00.
    const [note] = await testRows<{ amount: string }>(
      db,
      sql`select credit_amount::text as amount from erp_return_orders where refund_id = ${refundId}`,
    );
    expect(Number(note!.amount)).toBe(30);
    await t.app.mailOutbox.settled();
    expect(mailsTo(`Devolución ${refundId}: abono`)).toEqual([`${buyerUser.username}@test.example`]);
    expect(mailsTo(`Devolución ${refundId}: revisada`)).toEqual([`${buyerUser.username}@test.example`]);
  });

  it('serves the credit note PDF to the refund’s client and staff only', async () => {
    const { refundId } = await processed();
    const res = await buyer('GET', `${P}/creditnote/${refundId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`abono-AB${String(refundId).padStart(7, '0')}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin('GET', `${P}/creditnote/${refundId}`)).statusCode).toBe(200);
    expect((await buyer2('GET', `${P}/creditnote/${refundId}`)).statusCode).toBe(404);
    const detail = (await buyer('GET', `${P}/getrefund/${refundId}`)).json();
    expect(detail.credit_note_url).toBe(`/api/inrefund/creditnote/${refundId}`);
  });

  it('closes a refund whose every line is rejected without the ERP', async () => {
    const ids = await makeReturnDocuments(db, `S${++made}`);
    await buyer('POST', `${P}/addarticletorefund`, { packingslipid: ids.slip, linenum: 2, motivo: 1, quantity: 1 });
    const cart = (await buyer('GET', `${P}/getrefundscart`)).json();
    const [address] = (await buyer('GET', `${P}/getreturnaddresses`)).json();
    await buyer('POST', `${P}/finishCart`, { id: cart.Id, observations: 'Otra', Direccion_Usuario: address.id });
    await admin('POST', `${P}/receive`, { id: cart.Id });
    await admin('POST', `${P}/decideline`, { id: cart.lines[0].id, decision: 'rejected', reason: 'Fuera de garantía' });
    const detail = (await admin('GET', `${P}/getrefund/${cart.Id}`)).json();
    expect(detail.header).toMatchObject({ STATUS: 2, STAGE: 'rejected', RETURNSALESTABLEID: null });
    const job = refundsErpJob({ repo: refundsRepository(db), adapter: builtInErpAdapter, clock: later });
    expect(await job.runOnce()).toMatchObject({ claimed: 0 });
    await t.app.mailOutbox.settled();
    expect(mailsTo(`Devolución ${cart.Id}: rechazada`)).toEqual([`${buyerUser.username}@test.example`]);
  });

  it('lets staff send a refund the ERP refused again at once (requeueerp), and only staff', async () => {
    const [errored] = await testRows<{ id: number }>(
      db,
      sql`select id::int as id from refunds where client_accountnum = ${C1} and status = 3 and stage = 'decided' limit 1`,
    );
    expect((await buyer('POST', `${P}/requeueerp`, { id: errored!.id })).statusCode).toBe(403);
    const res = await admin('POST', `${P}/requeueerp`, { id: errored!.id });
    expect(res.json()).toEqual({ message: 'processed' });
    const detail = (await admin('GET', `${P}/getrefund/${errored!.id}`)).json();
    expect(detail.header).toMatchObject({ STATUS: 2, STAGE: 'processed' });
    expect((await admin('POST', `${P}/requeueerp`, { id: errored!.id })).json().message).toBe(
      'WARN_RefundStateChanged',
    );
  });
});
