import { PASSWORD_RESET_MAX_LINKS } from '@portal/contract/account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPasswordLink } from '../../db/password-links.ts';
import { users } from '../../db/schema/schema.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, ip = '10.30.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const forgot = (userName: string, ip?: string) => post('/api/account/forgotpassword', { userName }, ip);
const setPassword = (token: string, password: string, ip?: string) =>
  post('/api/account/setpassword', { token, password, confirmPassword: password }, ip);
const NEW_PASSWORD = 'Pastillas-Freno-77';

/** The mails sent so far to one address, after the outbox ran. */
async function mailsTo(address: string) {
  await t.app.afterResponse.settled();
  await t.app.mailOutbox.settled();
  return t.mails.filter((m) => m.to === address);
}
/** The token of the last link mailed to an address. */
async function lastToken(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const match = /https:\/\/portal\.example\/set-password\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no link mailed to ${address}`);
  return match[1]!;
}
/** A link sent the way the user screens send one, and its token from the mail. */
async function mailedLink(username: string, purpose: 'welcome' | 'reset') {
  const [user] = await t.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.username, username));
  const queued = await sendPasswordLink(t.database.db, {
    userId: user!.id,
    purpose,
    baseUrl: 'https://portal.example',
    now: t.clock.now(),
  });
  expect(queued).toBe(true);
  return lastToken(user!.email!);
}
const linkCount = async () =>
  (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from password_links`))[0]!.n;
/** The address a user's mails go to. */
const emailOf = async (username: string) =>
  (await t.database.db.select({ e: users.email }).from(users).where(eq(users.username, username)))[0]!.e!;
const passwordHashOf = async (username: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.username, username)))[0]!.h;

describe('POST /api/account/forgotpassword', () => {
  it('answers the same whether the name exists or not, and mails a link only to a real user', async () => {
    const { username } = await makeUser(t, 'buyer', { client: 'C00002' });
    const address = await emailOf(username);
    const known = await forgot(username, '10.30.1.1');
    const unknown = await forgot('nobody-here', '10.30.1.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: 'WARN_ForgotPasswordSent' });
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Restablecer/);
    expect(mails[0]!.text).toMatch(/30 minutos/);
    // Only the digest is stored: the token of the mail is nowhere in the database.
    const token = await lastToken(address);
    const rows = await testRows<{ token_hash: string }>(t.database.db, sql`select token_hash from password_links`);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses an empty name with the login key and writes nothing', async () => {
    const before = await linkCount();
    const res = await forgot('   ', '10.30.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_LoginUserRequired');
    expect(await linkCount()).toBe(before);
  });

  it('sends at most a few links per user per hour, still answering the same, to requests at once too', async () => {
    const { username } = await makeUser(t, 'clientadmin');
    const address = await emailOf(username);
    const before = (await mailsTo(address)).length;
    // All at once: each request's lookup runs after its answer, side by side with the others' (on PostgreSQL, on
    // connections of their own), and the limit still holds.
    const answers = await Promise.all(
      Array.from({ length: PASSWORD_RESET_MAX_LINKS + 2 }, (_, i) => forgot(username, `10.30.3.${i}`)),
    );
    for (const res of answers) expect(res.json()).toEqual({ message: 'WARN_ForgotPasswordSent' });
    expect((await mailsTo(address)).length - before).toBe(PASSWORD_RESET_MAX_LINKS);
  });

  it('is rate limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await forgot(`nobody-${i}`, '10.30.4.4')).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
  });
});

describe('set password with a link', () => {
  it('sets the password once, ends the other sessions, and the link fails a second time', async () => {
    const old = await makeUser(t, 'plateBuyer', { ip: '10.30.5.1' });
    const { username } = old;
    await forgot(username, '10.30.5.2');
    const token = await lastToken(await emailOf(username));

    const info = await post('/api/account/checkpasswordlink', { token }, '10.30.5.3');
    expect(info.json()).toEqual({ purpose: 'reset', userName: username });

    const res = await setPassword(token, NEW_PASSWORD, '10.30.5.4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_PasswordSetOk', userName: username });

    // The old session is over: its access token and its refresh token both fail.
    const me = await t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(old.token) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token',
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: old.refreshToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refresh.statusCode).toBe(400);

    // The new password signs in; the old one does not.
    await signIn(t.app, username, NEW_PASSWORD, '10.30.5.5');
    const hash = await passwordHashOf(username);

    // Single use: the same link again is refused, and nothing changes.
    const again = await setPassword(token, 'Otra-Clave-Segura-9', '10.30.5.6');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('WARN_PasswordLinkInvalid');
    expect(await passwordHashOf(username)).toBe(hash);
    const check = await post('/api/account/checkpasswordlink', { token }, '10.30.5.7');
    expect(check.json().message).toBe('WARN_PasswordLinkInvalid');
  });

  it('a used link kills the user’s other open links', async () => {
    const { username } = await makeUser(t, 'buyer', { client: 'C00002' });
    const address = await emailOf(username);
    await forgot(username, '10.30.6.1');
    const first = await lastToken(address);
    await forgot(username, '10.30.6.2');
    const second = await lastToken(address);
    expect(first).not.toBe(second);
    expect((await setPassword(second, NEW_PASSWORD, '10.30.6.3')).statusCode).toBe(200);
    const stale = await setPassword(first, 'Otra-Clave-Segura-9', '10.30.6.4');
    expect(stale.json().message).toBe('WARN_PasswordLinkInvalid');
  });

  it('expires: a reset link after 30 minutes is refused and the password stays', async () => {
    const { username } = await makeUser(t, 'admin');
    const token = await mailedLink(username, 'reset');
    const hash = await passwordHashOf(username);
    t.clock.advance(31 * 60_000);
    const res = await setPassword(token, NEW_PASSWORD, '10.30.7.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_PasswordLinkInvalid');
    expect(await passwordHashOf(username)).toBe(hash);
  });

  it('a welcome link lets a new user without a password set one and sign in', async () => {
    const [client] = await testRows<{ accountnum: string }>(
      t.database.db,
      sql`select accountnum from clients where accountnum = 'C00001'`,
    );
    const [created] = await t.database.db
      .insert(users)
      .values({
        username: 'nuevo.taller',
        email: 'nuevo@taller.example',
        passwordHash: '',
        clientAccountnum: client!.accountnum,
      })
      .returning({ id: users.id });
    expect(
      await sendPasswordLink(t.database.db, {
        userId: created!.id,
        purpose: 'welcome',
        baseUrl: 'https://portal.example',
        now: t.clock.now(),
      }),
    ).toBe(true);
    const mails = await mailsTo('nuevo@taller.example');
    expect(mails[0]!.subject).toMatch(/Bienvenido/);
    expect(mails[0]!.text).toMatch(/72 horas/);
    const token = await lastToken('nuevo@taller.example');
    // Nobody signs in before the password is set, not even with an empty one.
    const blank = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: '10.30.8.1',
      payload: new URLSearchParams({ grant_type: 'password', username: 'nuevo.taller', password: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(blank.statusCode).toBe(400);
    expect((await post('/api/account/checkpasswordlink', { token }, '10.30.8.2')).json()).toEqual({
      purpose: 'welcome',
      userName: 'nuevo.taller',
    });
    expect((await setPassword(token, NEW_PASSWORD, '10.30.8.3')).statusCode).toBe(200);
    await signIn(t.app, 'nuevo.taller', NEW_PASSWORD, '10.30.8.4');
  });

  it('refuses a bad password or a malformed token with the web’s keys and changes nothing', async () => {
    const { username } = await makeUser(t, 'buyer', { client: 'C00002' });
    const token = await mailedLink(username, 'reset');
    const hash = await passwordHashOf(username);
    const cases: [Record<string, unknown>, string][] = [
      [{ token, password: 'short', confirmPassword: 'short' }, 'WARN_PasswordTooShort'],
      [{ token, password: 'password123', confirmPassword: 'password123' }, 'WARN_PasswordTooCommon'],
      [{ token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }, 'WARN_PasswordsDoNotMatch'],
      [{ token: 'not-a-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'WARN_PasswordLinkInvalid'],
    ];
    for (const [index, [body, key]] of cases.entries()) {
      const res = await post('/api/account/setpassword', body, `10.30.9.${10 + index}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toBe(key);
    }
    expect(await passwordHashOf(username)).toBe(hash);
    // The link is still good after the refusals.
    expect((await post('/api/account/checkpasswordlink', { token }, '10.30.9.20')).statusCode).toBe(200);
  });
});
