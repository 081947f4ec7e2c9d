import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/schema.ts';
import { createTestApp, form, type TestApp } from '../../test/test-app.ts';
import { TOKEN_MESSAGES } from './account.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/account/register', payload: body, remoteAddress: ip });
const confirm = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/account/registerconfirm', payload: body, remoteAddress: '10.9.9.9' });
const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const valid = {
  userName: 'taller.nuevo@correo.example',
  password: 'Frenos-Discos-2026',
  confirmPassword: 'Frenos-Discos-2026',
  terms: true,
  workzone: 'Z0002',
};

describe('GET /api/inclient/getWorkZonesOptions', () => {
  it('lists the work zones to anonymous callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inclient/getWorkZonesOptions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { accountnum: 'Z0001', name: 'Zona Centro' },
      { accountnum: 'Z0003', name: 'Zona Este' },
      { accountnum: 'Z0002', name: 'Zona Norte' },
      { accountnum: 'Z0004', name: 'Zona Sur' },
    ]);
  });
});

describe('registration', () => {
  it('refuses bad input with the key the web shows and writes nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, userName: 'not-an-email' }, 'WARN_RegisterUserNameEmail'],
      [{ ...valid, password: 'Short1', confirmPassword: 'Short1' }, 'WARN_PasswordTooShort'],
      [{ ...valid, password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'WARN_PasswordTooLong'],
      [{ ...valid, password: 'Password123', confirmPassword: 'Password123' }, 'WARN_PasswordTooCommon'],
      [{ ...valid, confirmPassword: 'Frenos-Discos-2027' }, 'WARN_PasswordsDoNotMatch'],
      [{ ...valid, terms: false }, 'WARN_RegisterTermsRequired'],
      [{ ...valid, workzone: '' }, 'WARN_RegisterWorkzoneRequired'],
      [{ ...valid, workzone: 'C00001' }, 'WARN_RegisterWorkzoneUnknown'],
    ];
    for (const [index, [body, key]] of cases.entries()) {
      const res = await register(body, `10.9.1.${index}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(key);
    }
    expect(await userCount()).toBe(before);
    expect(t.mails).toHaveLength(0);
  });

  it('creates an unconfirmed user of the work zone, e-mails the link, confirms once, then signs in', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_RegisterPendingConfirmation' });
    const row = (await t.database.db.select().from(users).where(eq(users.username, valid.userName)))[0]!;
    expect(row).toMatchObject({ clientAccountnum: 'Z0002', emailConfirmed: false, banned: false });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    await t.app.mailOutbox.settled();
    expect(t.mails).toHaveLength(1);
    const mail = t.mails[0]!;
    expect(mail.to).toBe(valid.userName);
    const link = /https:\/\/portal\.example\/registerconfirm\/([\w-]+)\/([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const [, code, id] = link!;
    expect(id).toBe(row.id);

    const early = await t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'password', username: valid.userName, password: valid.password }),
    });
    expect(early.json().error_description).toBe(TOKEN_MESSAGES.unconfirmed);

    expect((await confirm({ t: `${code}x`, u: id })).statusCode).toBe(400);
    const ok = await confirm({ t: code, u: id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'WARN_RegisterConfirmOk' });
    const again = await confirm({ t: code, u: id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('WARN_RegisterConfirmInvalid');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'password', username: valid.userName, password: valid.password }),
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a user name that exists already, in any case', async () => {
    const res = await register({ ...valid, userName: valid.userName.toUpperCase() }, '10.9.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_RegisterUserExists');
  });

  it('refuses a malformed confirmation', async () => {
    const res = await confirm({ t: 'short', u: 'x' });
    expect(res.statusCode).toBe(400);
    const bad = await confirm({ t: 'a'.repeat(40), u: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('WARN_RegisterConfirmInvalid');
  });

  it('limits registrations per IP and minute, with the "too many attempts" message', async () => {
    let last = await register({ ...valid, userName: 'rl0@x.example' }, '10.9.3.3');
    for (let i = 1; i < 12; i++) last = await register({ ...valid, userName: `rl${i}@x.example` }, '10.9.3.3');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe('WARN_TooManyAttempts');
  });
});
