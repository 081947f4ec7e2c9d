import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mailQueueStats, queueMail } from '../../db/mail-outbox.ts';
import { MAIL_MAX_ATTEMPTS } from '../../lib/mail-backoff.ts';
import { createMailer } from '../../lib/mailer.ts';
import { filters, gridClient } from '../../test/grid-checks.ts';
import { testRows } from '../../test/rows.ts';
import { freePort, type SmtpServer, startSmtpServer } from '../../test/smtp-server.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

// Against a real SMTP server started here (Debian's aiosmtpd): mails queued while it is down are kept and retried;
// once it is up each one arrives exactly once (decision 0053).

let t: TestApp;
let port: number;
let smtp: SmtpServer | null = null;
const HOUR = 3600_000;
const silentLog = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example', SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await smtp?.stop();
});

type Row = { id: number; recipient: string; status: string; attempts: number };
const rowsTo = (pattern: string) =>
  testRows<Row>(
    t.database.db,
    sql`select id::int as id, recipient, status, attempts from mail_outbox where recipient like ${pattern} order by id`,
  );
/** How many messages the server received for each recipient that matches. */
async function receivedBy(pattern: RegExp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const mail of (await smtp?.received()) ?? []) {
    if (pattern.test(mail.to)) counts[mail.to] = (counts[mail.to] ?? 0) + 1;
  }
  return counts;
}
const register = (userName: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: ip,
    payload: {
      userName,
      password: 'Frenos-Discos-2026',
      confirmPassword: 'Frenos-Discos-2026',
      terms: true,
      workzone: 'Z0001',
    },
  });

describe('mail delivery through a real SMTP server', () => {
  const people = ['ana', 'luis', 'marta'].map((n) => `${n}.outage@taller.example`);

  it('keeps the mails queued while the server is down, each waiting for its next attempt', async () => {
    for (const [i, name] of people.entries()) expect((await register(name, `10.53.0.${i}`)).statusCode).toBe(200);
    await t.app.mailOutbox.settled();
    t.clock.advance(10 * 60_000);
    await t.app.mailOutbox.settled();
    const rows = await rowsTo('%.outage@taller.example');
    expect(rows.map((r) => [r.recipient, r.status])).toEqual(people.map((p) => [p, 'pending']));
    // The server was tried, and each run stopped at the first refused connection instead of trying every mail.
    expect(rows.some((r) => r.attempts > 0)).toBe(true);
    const stats = await mailQueueStats(t.database.db);
    expect(stats.pending).toBeGreaterThanOrEqual(3);
    expect(stats.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
  });

  it('sends every one of them exactly once when the server is up', async () => {
    smtp = await startSmtpServer(port);
    t.clock.advance(HOUR);
    expect(await t.app.mailOutbox.settled()).toBe(3);
    expect(await t.app.mailOutbox.settled()).toBe(0);
    expect((await rowsTo('%.outage@taller.example')).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await receivedBy(/\.outage@/)).toEqual(Object.fromEntries(people.map((p) => [p, 1])));
    const mail = (await smtp.received()).find((m) => m.to === people[0])!;
    expect(mail.subject).toBe('Confirme su registro en el portal');
    expect(mail.raw).toMatch(/https:\/\/portal\.example\/registerconfirm\//);
  });

  it('never sends a mail twice when two instances send at once', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `race${i}@taller.example`);
    for (const name of names) await queueMail(t.database.db, { to: name, subject: `Carrera ${name}`, text: 'Hola' });
    const other = mailOutbox(
      t.database.db,
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'otro@portal.example', outboxDir: '/nonexistent' }),
      { log: silentLog, clock: t.clock.now },
    );
    const [a, b] = await Promise.all([t.app.mailOutbox.drain(), other.drain()]);
    expect(a + b).toBe(20);
    expect(await receivedBy(/^race\d+@/)).toEqual(Object.fromEntries(names.map((n) => [n, 1])));
    expect(new Set((await rowsTo('race%@taller.example')).map((r) => `${r.status} ${r.attempts}`))).toEqual(
      new Set(['sent 1']),
    );
  });

  it('makes a mail dead after its last attempt, lists it for admins, and sends it again on request', async () => {
    await smtp!.stop();
    const to = 'dead.letter@taller.example';
    await queueMail(t.database.db, { to, subject: 'Sin servidor', text: 'Hola' });
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(2 * HOUR);
      await t.app.mailOutbox.settled();
    }
    expect(await rowsTo(to)).toMatchObject([{ status: 'pending', attempts: MAIL_MAX_ATTEMPTS - 1 }]);
    t.clock.advance(2 * HOUR);
    await t.app.mailOutbox.settled();
    const [dead] = await rowsTo(to);
    expect(dead).toMatchObject({ status: 'dead', attempts: MAIL_MAX_ATTEMPTS });
    t.clock.advance(2 * HOUR);
    await t.app.mailOutbox.settled();
    expect(await rowsTo(to)).toMatchObject([{ status: 'dead', attempts: MAIL_MAX_ATTEMPTS }]);
    expect((await mailQueueStats(t.database.db)).dead).toBeGreaterThanOrEqual(1);

    const admin = (await makeUser(t, 'admin')).token;
    const grid = gridClient(t.app, '/api/insettings/GetMailOutboxJqGrid');
    const listed = await grid(admin, {
      _search: 'true',
      filters: filters([{ field: 'recipient', op: 'eq', data: to }]),
    });
    expect(listed.body.rows).toMatchObject([
      { id: dead!.id, status: 'dead', attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null },
    ]);
    expect(listed.body.rows[0]!.lastError).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpServer(port);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/insettings/ResendMail/${dead!.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'MSG_MailResent' });
    await t.app.mailOutbox.settled();
    expect(await rowsTo(to)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(await receivedBy(/^dead\.letter@/)).toEqual({ [to]: 1 });
    const after = await grid(admin, {
      _search: 'true',
      filters: filters([{ field: 'recipient', op: 'eq', data: to }]),
    });
    expect(after.body.rows).toEqual([]);
  });
});
