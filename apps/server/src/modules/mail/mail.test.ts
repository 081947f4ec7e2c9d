import { MAIL_OUTBOX_GRID } from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueueStats } from '../../db/mail-outbox.ts';
import { checkEverySort, checkOps, filters, gridClient, textCases } from '../../test/grid-checks.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

// The admins' view of the outbox (decision 0053): the mails not sent yet, and "send again" for a dead one.

let t: TestApp;
let admin: string;
let clientadmin: string;
let buyer: string;
const ids: Record<'pending' | 'dead' | 'sent', number> = { pending: 0, dead: 0, sent: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  clientadmin = (await makeUser(t, 'clientadmin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  // A pending mail waiting for its 4th attempt, one dead after a day of attempts, one sent.
  for (const [status, attempts, error, age] of [
    ['pending', 3, 'Error: connect ECONNREFUSED 127.0.0.1:25', '2 hours'],
    ['dead', 37, 'Error: Greeting never received', '2 days'],
    ['sent', 1, null, '3 days'],
  ] as const) {
    const [row] = await testRows<{ id: number }>(
      t.database.db,
      sql`insert into mail_outbox (recipient, subject, body, status, attempts, last_error, created_at, last_attempt_at,
                                   next_attempt_at, sent_at)
          values (${`${status}.grid@taller.example`}, ${`Asunto ${status}`}, 'Hola', ${status}, ${attempts}, ${error},
                  now() - ${age}::interval, now() - interval '1 minute', now() + interval '1 hour',
                  ${status === 'sent' ? sql`now()` : sql`null`})
          returning id::int as id`,
    );
    ids[status] = row!.id;
  }
});
afterAll(() => t.close());

const outbox = () => gridClient(t.app, '/api/insettings/GetMailOutboxJqGrid');
const resend = (id: number | string, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/insettings/ResendMail/${id}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
const statusOf = async (id: number) =>
  (
    await testRows<{ status: string; attempts: number }>(
      t.database.db,
      sql`select status, attempts from mail_outbox where id = ${id}`,
    )
  )[0];

describe('GET /api/insettings/GetMailOutboxJqGrid', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insettings/GetMailOutboxJqGrid' })).statusCode).toBe(401);
    expect((await outbox()(buyer)).status).toBe(403);
    expect((await outbox()(clientadmin)).status).toBe(403);
    expect((await outbox()(admin)).status).toBe(200);
  });

  it('lists the pending and dead mails, newest first, never the sent ones', async () => {
    const { body } = await outbox()(admin, {
      _search: 'true',
      filters: filters([{ field: 'recipient', op: 'ew', data: '.grid@taller.example' }]),
    });
    expect(body.rows.map((r) => r.id)).toEqual([ids.dead, ids.pending]);
    expect(body.rows[0]).toMatchObject({
      status: 'dead',
      recipient: 'dead.grid@taller.example',
      subject: 'Asunto dead',
      attempts: 37,
      nextAttemptAt: null,
      lastError: 'Error: Greeting never received',
    });
    expect(body.rows[1]).toMatchObject({ status: 'pending', attempts: 3 });
    expect(body.rows[1]!.nextAttemptAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.rows[1]!.lastAttemptAt).toMatch(/Z$/);
    const all = await outbox()(admin, { rows: 30 });
    expect(all.body.rows.map((r) => r.status)).not.toContain('sent');
  });

  it('filters by status and text, sorts by each sortable column, and refuses an unknown field', async () => {
    const dead = await outbox()(admin, {
      _search: 'true',
      filters: filters([{ field: 'status', op: 'eq', data: 'dead' }]),
    });
    expect(dead.body.rows.map((r) => r.id)).toContain(ids.dead);
    expect(dead.body.rows.every((r) => r.status === 'dead')).toBe(true);
    await checkOps(outbox(), admin, MAIL_OUTBOX_GRID, textCases('recipient', 'pending.grid@taller.example'));
    expect(await checkEverySort(outbox(), admin, MAIL_OUTBOX_GRID, 'id')).toBe(16);
    const bad = await outbox()(admin, { _search: 'true', filters: filters([{ field: 'body', op: 'eq', data: 'x' }]) });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/insettings/ResendMail/:id', () => {
  it('is for admins only, and writes nothing for the others', async () => {
    expect((await resend(ids.dead, null)).statusCode).toBe(401);
    expect((await resend(ids.dead, buyer)).statusCode).toBe(403);
    expect((await resend(ids.dead, clientadmin)).statusCode).toBe(403);
    expect(await statusOf(ids.dead)).toEqual({ status: 'dead', attempts: 37 });
  });

  it('answers 400 for an id that is not one, and 404 for a mail that is not dead', async () => {
    expect((await resend('abc', admin)).statusCode).toBe(400);
    expect((await resend(0, admin)).statusCode).toBe(400);
    for (const id of [ids.pending, ids.sent, 99_999_999]) {
      const res = await resend(id, admin);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe('WARN_NotFound');
    }
    expect(await statusOf(ids.pending)).toEqual({ status: 'pending', attempts: 3 });
    expect(await statusOf(ids.sent)).toEqual({ status: 'sent', attempts: 1 });
  });

  it('sends a dead mail again with a new day of attempts', async () => {
    const before = await mailQueueStats(t.database.db);
    const res = await resend(ids.dead, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'MSG_MailResent' });
    await t.app.mailOutbox.settled();
    expect(await statusOf(ids.dead)).toEqual({ status: 'sent', attempts: 1 });
    expect(t.mails.filter((m) => m.to === 'dead.grid@taller.example')).toEqual([
      { to: 'dead.grid@taller.example', subject: 'Asunto dead', text: 'Hola' },
    ]);
    expect((await mailQueueStats(t.database.db)).dead).toBe(before.dead - 1);
  });
});

describe('mailQueueStats', () => {
  it('counts the pending and dead mails and the age of the oldest pending one', async () => {
    await t.database.db.execute(
      sql`insert into mail_outbox (recipient, subject, body, status, attempts, created_at)
          values ('stats.dead@taller.example', 'x', 'x', 'dead', 37, now() - interval '3 days'),
                 ('stats.old@taller.example', 'x', 'x', 'pending', 2, now() - interval '5 hours')`,
    );
    const stats = await mailQueueStats(t.database.db);
    const [expected] = await testRows<{ pending: number; dead: number }>(
      t.database.db,
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'dead')::int as dead from mail_outbox`,
    );
    expect(stats).toMatchObject(expected!);
    expect(stats.dead).toBeGreaterThanOrEqual(1);
    expect(stats.oldestPendingSeconds).toBeGreaterThanOrEqual(5 * 3600);
    expect(stats.oldestPendingSeconds).toBeLessThan(6 * 3600);
  });
});
