import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { freePort, type SilentServer, startSilentServer } from '../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Registration queues its mail in its own transaction and answers: the SMTP server is never waited on (0053).

const valid = {
  password: 'Frenos-Discos-2026',
  confirmPassword: 'Frenos-Discos-2026',
  terms: true,
  workzone: 'Z0002',
};
const register = (t: TestApp, userName: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/register', payload: { ...valid, userName }, remoteAddress: ip });

type OutboxRow = { status: string; attempts: number; last_error: string | null };
const outboxOf = (t: TestApp, recipient: string) =>
  testRows<OutboxRow>(
    t.database.db,
    sql`select status, attempts, last_error from mail_outbox where recipient = ${recipient} order by id`,
  );
const usersNamed = async (t: TestApp, name: string) =>
  (
    await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where lower(username) = lower(${name})`,
    )
  )[0]!.n;

describe('registration while the SMTP server is down (connection refused)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('answers 200 with the user and its mail written; the mail waits for its next attempt; a retry says the user exists', async () => {
    const name = 'down.smtp@taller.example';
    const res = await register(t, name, '10.22.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_RegisterPendingConfirmation' });
    expect(await usersNamed(t, name)).toBe(1);

    await t.app.mailOutbox.settled();
    const [mail, ...more] = await outboxOf(t, name);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail!.last_error).toMatch(/ECONNREFUSED/);

    const again = await register(t, name, '10.22.0.2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('WARN_RegisterUserExists');
    expect(await usersNamed(t, name)).toBe(1);
    expect(await outboxOf(t, name)).toHaveLength(1);
  });

  it('writes neither the user nor the mail when queueing the mail fails', async () => {
    const db = t.database.db;
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused by the test'; end $$`);
    await db.execute(
      sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      const name = 'half.done@taller.example';
      const res = await register(t, name, '10.22.0.3');
      expect(res.statusCode).toBe(500);
      expect(await usersNamed(t, name)).toBe(0);
      expect(await outboxOf(t, name)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
  });
});

describe('registration while the SMTP server accepts connections and never answers', () => {
  let t: TestApp;
  let silent: SilentServer;
  beforeAll(async () => {
    silent = await startSilentServer();
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example', SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
  });
  afterAll(async () => {
    await t.close();
    await silent.close();
  });

  it('answers while the sender is still waiting for the greeting, which it gives up after a few seconds', async () => {
    const name = 'hung.smtp@taller.example';
    const res = await register(t, name, '10.22.1.1');
    expect(res.statusCode).toBe(200);
    // The sender connected after the answer and the connection is still open: the request did not wait on it.
    const socket = await silent.connected;
    const closed = once(socket, 'close');
    expect(socket.destroyed).toBe(false);
    expect(await outboxOf(t, name)).toMatchObject([{ status: 'pending', attempts: 1, last_error: null }]);

    await t.app.mailOutbox.settled();
    // The sender hung up on the silent server (its greeting timeout), instead of waiting on it.
    await closed;
    const [mail] = await outboxOf(t, name);
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail!.last_error).toMatch(/Greeting never received/);
  });
});
