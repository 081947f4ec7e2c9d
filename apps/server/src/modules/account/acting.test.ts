import { ACTING_MAX_MINUTES } from '@portal/contract/account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendPasswordLink } from '../../db/password-links.ts';
import { users } from '../../db/schema/schema.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, form, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD, type TestUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
/** The staff administrator of these tests (signed in again after each test: see below). */
let adminName: string;
/** A comercial of the house. */
let comercial1: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, username: adminName } = await makeUser(t, 'admin'));
  // A comercial of the house, and a banned user of client C00002.
  comercial1 = await makeUser(t, 'sales');
  await t.database.db.insert(users).values({
    username: 'vetado',
    passwordHash: await passwordHashOf(adminName),
    clientAccountnum: 'C00002',
    banned: true,
  });
});
afterAll(() => t.close());

const actAs = (token: string | null, username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/actas',
    payload: { username },
    headers: token ? bearer(token) : {},
  });
const passwordHashOf = async (username: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.username, username)))[0]!.h;
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(token) });
/** The acting log's rows of a user written after the row `after` (a test's own: see loggedSoFar). */
const actingLogs = (username: string, after: number) =>
  testRows<{ actor_username: string; username: string; method: string; path: string; status: number }>(
    t.database.db,
    sql`select actor_username, username, method, path, status::int as status from acting_logs
         where username = ${username} and id > ${after} order by id`,
  );
/** The acting log's last row id: a test reads only what it logged after it, whatever tests before it logged. */
const loggedSoFar = async () =>
  (await testRows<{ n: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as n from acting_logs`))[0]!.n;
const sessionsOf = async (username: string) =>
  (
    await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from refresh_tokens r join users u on u.id = r.user_id where u.username = ${username} and r.acting_user_id is not null`,
    )
  )[0]!.n;

describe('POST /api/account/actas', () => {
  // A test may move the clock past the shared admin token's life (the 30-minute test): each test after it starts with
  // a token of the clock's present.
  afterEach(async () => {
    admin = (await signIn(t.app, adminName, TEST_USER_PASSWORD)).access_token;
  });
  // The ban test bans comercial1, whom other tests sign in as: lifted after each test.
  afterEach(async () => {
    await t.database.db.update(users).set({ banned: false }).where(eq(users.username, comercial1.username));
  });

  it('needs a signed-in caller and a user name', async () => {
    expect((await actAs(null, 'buyer')).statusCode).toBe(401);
    const empty = await actAs(admin, '  ');
    expect(empty.statusCode).toBe(400);
  });

  it('an admin acts as a buyer: the portal answers as the buyer, the banner knows the admin, requests are logged', async () => {
    const from = await loggedSoFar();
    const res = await actAs(admin, 'buyer');
    expect(res.statusCode).toBe(200);
    const acting = res.json();
    expect(acting).toMatchObject({ token_type: 'bearer', userName: 'buyer', expires_in: ACTING_MAX_MINUTES * 60 });
    const me = await getUser(acting.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'buyer', cliente_id: 'C00001', rankNumber: 0 });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/account/acting',
      headers: bearer(acting.access_token),
    });
    expect(info.json().acting.actorUserName).toBe(adminName);
    expect(Date.parse(info.json().acting.until) - t.clock.now().getTime()).toBeLessThanOrEqual(
      ACTING_MAX_MINUTES * 60_000,
    );
    // The buyer's own orders, as the buyer sees them.
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/insales/getallheadersjqgrid',
      headers: bearer(acting.access_token),
    });
    expect(orders.statusCode).toBe(200);
    for (const row of orders.json().rows) expect(row.CUSTACCOUNT).toBe('C00001');
    const logged = await actingLogs('buyer', from);
    expect(logged.map((l) => [l.actor_username, l.username, l.method, l.path, l.status])).toEqual([
      [adminName, 'buyer', 'START', '/api/account/actas', 200],
      [adminName, 'buyer', 'GET', '/api/account/getUser', 200],
      [adminName, 'buyer', 'GET', '/api/account/acting', 200],
      [adminName, 'buyer', 'GET', '/api/insales/getallheadersjqgrid', 200],
    ]);
    // The admin's own session goes on.
    expect((await getUser(admin)).json().username).toBe(adminName);
    // The banner's call answers null outside an acting session.
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/acting', headers: bearer(admin) });
    expect(mine.json()).toEqual({ acting: null });
  });

  it('refuses password, profile and user changes while acting, and acting again', async () => {
    const from = await loggedSoFar();
    const acting = (await actAs(admin, 'buyer2')).json().access_token as string;
    for (const [method, url] of [
      ['POST', '/api/inuser/CheckAuthTokenOrigin?username=buyer'],
      ['POST', '/api/account/actas'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(acting), payload: { username: 'buyer' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('WARN_NotWhileActing');
    }
    const refused = (await actingLogs('buyer2', from)).filter((l) => l.status === 403);
    expect(refused).toHaveLength(2);
  });

  it('logs the calls an acting session makes to routes open to anybody', async () => {
    const from = await loggedSoFar();
    const acting = (await actAs(admin, 'taller.ana')).json().access_token as string;
    const open = await t.app.inject({ method: 'GET', url: '/api/common/languages', headers: bearer(acting) });
    expect(open.statusCode).toBe(200);
    // A bad token on such a route changes nothing and logs nothing.
    const bad = await t.app.inject({ method: 'GET', url: '/api/common/languages', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(200);
    const logged = (await actingLogs('taller.ana', from)).map((l) => [l.actor_username, l.method, l.path, l.status]);
    expect(logged).toContainEqual([adminName, 'GET', '/api/common/languages', 200]);
    expect(logged.filter((l) => l[2] === '/api/common/languages')).toHaveLength(1);
  });

  it('refuses the same calls written with percent-encoded letters, as the router reads them', async () => {
    const from = await loggedSoFar();
    // Acting as a client admin, who may change the users of the client when not acted as.
    const acting = (await actAs(admin, 'clientadmin')).json().access_token as string;
    const [buyer2] = await testRows<{ id: string; hash: string }>(
      t.database.db,
      sql`select id::text as id, password_hash as hash from users where username = 'buyer2'`,
    );
    for (const url of [
      `/api/%69nuser/putuser/${buyer2!.id}`,
      `/api/%69nuser/putuseradmin/${buyer2!.id}`,
      `/api/%69nuser/putuserroles/${buyer2!.id}`,
      `/api/inuser/%62lockuser/${buyer2!.id}`,
      '/%61pi/%61ccount/actas',
      '/api/%61ccount/actas',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(acting),
        payload: { username: 'buyer', password: 'Cambiada1234', confirmPassword: 'Cambiada1234', blocked: true },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe('WARN_NotWhileActing');
    }
    const [after] = await testRows<{ hash: string; banned: boolean }>(
      t.database.db,
      sql`select password_hash as hash, banned from users where username = 'buyer2'`,
    );
    expect(after).toEqual({ hash: buyer2!.hash, banned: false });
    // The log names the path decoded, as it was served.
    const logged = (await actingLogs('clientadmin', from)).filter((l) => l.status === 403).map((l) => l.path);
    expect(logged).toContain(`/api/inuser/putuser/${buyer2!.id}`);
    expect(logged).toContain('/api/account/actas');
  });

  it('ends after 30 minutes, cannot be renewed, and ends when the staff member returns', async () => {
    const first = (await actAs(admin, 'clientadmin')).json();
    t.clock.advance(ACTING_MAX_MINUTES * 60_000 + 1000);
    expect((await getUser(first.access_token)).statusCode).toBe(401);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    });
    expect(renewed.statusCode).toBe(400);

    // The admin's own token has expired with the clock too: a new sign-in, this test's own.
    const staff = (await signIn(t.app, adminName, TEST_USER_PASSWORD, '10.40.0.2')).access_token;
    const second = (await actAs(staff, 'clientadmin')).json();
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
    });
    expect(refresh.statusCode).toBe(400);
    // Presenting its refresh token ended the session.
    expect((await getUser(second.access_token)).statusCode).toBe(401);

    const third = (await actAs(staff, 'clientadmin')).json();
    expect((await getUser(third.access_token)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/account/stopacting',
      headers: bearer(third.access_token),
    });
    expect(back.json()).toEqual({ message: 'WARN_ActingStopped' });
    expect((await getUser(third.access_token)).statusCode).toBe(401);
    expect((await getUser(staff)).statusCode).toBe(200);
    // Returning outside an acting session is refused.
    const notActing = await t.app.inject({ method: 'POST', url: '/api/account/stopacting', headers: bearer(staff) });
    expect(notActing.statusCode).toBe(400);
    expect(notActing.json().message).toBe('WARN_ActingNot');
  });

  it('who may act as whom: staff as a client’s user, a client admin as an ordinary user of their client', async () => {
    // A buyer of another client than buyer2's (C00003: a buyer's name made for C00001 would answer the candidates'
    // search of the client admin of C00001 below).
    const buyer = (await makeUser(t, 'buyer', { client: 'C00003', ip: '10.40.1.1' })).token;
    const clientadmin = (await makeUser(t, 'clientadmin', { ip: '10.40.1.2' })).token;
    const comercial = (await signIn(t.app, comercial1.username, TEST_USER_PASSWORD, '10.40.1.3')).access_token;
    const before = await sessionsOf('buyer2');
    // Refused as if the user did not exist: nothing is written.
    for (const [token, name] of [
      [buyer, 'buyer2'],
      [clientadmin, 'buyer2'],
      [admin, adminName],
      [admin, comercial1.username],
      [comercial, adminName],
      [admin, 'ghost'],
    ] as const) {
      const res = await actAs(token, name);
      expect(res.statusCode, name).toBe(404);
    }
    expect(await sessionsOf('buyer2')).toBe(before);
    // A client admin acts as an ordinary user of their client; a comercial as any client's user.
    expect((await actAs(clientadmin, 'buyer')).statusCode).toBe(200);
    const asBuyer2 = await actAs(comercial, 'BUYER2');
    expect(asBuyer2.statusCode).toBe(200);
    expect((await getUser(asBuyer2.json().access_token)).json().username).toBe('buyer2');
  });

  it('a forced logout or a password reset of the staff member ends the acting sessions they opened', async () => {
    // Forced out by an admin: the acting session ends with the staff member's own.
    const comercial = (await signIn(t.app, comercial1.username, TEST_USER_PASSWORD, '10.40.3.1')).access_token;
    const acting = (await actAs(comercial, 'buyer')).json().access_token as string;
    expect((await getUser(acting)).statusCode).toBe(200);
    const forced = await t.app.inject({
      method: 'POST',
      url: `/api/inuser/forcelogout/${comercial1.id}`,
      headers: bearer(admin),
    });
    expect(forced.statusCode).toBe(200);
    expect((await getUser(acting)).statusCode).toBe(401);
    // A new password through a reset link: the same.
    const again = (await signIn(t.app, comercial1.username, TEST_USER_PASSWORD, '10.40.3.2')).access_token;
    const acting2 = (await actAs(again, 'buyer2')).json().access_token as string;
    expect((await getUser(acting2)).statusCode).toBe(200);
    await sendPasswordLink(t.database.db, {
      userId: comercial1.id,
      purpose: 'reset',
      baseUrl: 'https://portal.example',
      now: t.clock.now(),
    });
    await t.app.mailOutbox.settled();
    const link = t.mails.filter((m) => m.to === `${comercial1.username}@test.example`).at(-1)?.text ?? '';
    const token = /set-password\/([A-Za-z0-9_-]{43})/.exec(link)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/setpassword',
      payload: { token, password: 'Otra-Clave-2026', confirmPassword: 'Otra-Clave-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await getUser(acting2)).statusCode).toBe(401);
    // Only the sessions that user opened: another staff member's acting session goes on.
    const adminActing = (await actAs(admin, 'taller.ana')).json().access_token as string;
    await t.app.inject({ method: 'POST', url: `/api/inuser/forcelogout/${comercial1.id}`, headers: bearer(admin) });
    expect((await getUser(adminActing)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ passwordHash: await passwordHashOf(adminName) })
      .where(eq(users.id, comercial1.id));
  });

  it('a banned user cannot be acted as; banning the staff member ends the acting session', async () => {
    const banned = await actAs(admin, 'vetado');
    expect(banned.statusCode).toBe(400);
    expect(banned.json()).toMatchObject({ message: 'WARN_ActingRefused' });
    const comercial = (await signIn(t.app, comercial1.username, TEST_USER_PASSWORD, '10.40.2.1')).access_token;
    const acting = (await actAs(comercial, 'buyer')).json().access_token as string;
    expect((await getUser(acting)).statusCode).toBe(200);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.username, comercial1.username));
    const after = await getUser(acting);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('WARN_ActingEnded');
  });
});

describe('GET /api/account/actascandidates and the user screen’s mayActAs (issue 25)', () => {
  const search = (token: string | null, q: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/account/actascandidates?q=${encodeURIComponent(q)}`,
      headers: token ? bearer(token) : {},
    });
  const names = async (token: string, q: string) => {
    const res = await search(token, q);
    expect(res.statusCode, q).toBe(200);
    return (res.json().users as { username: string }[]).map((u) => u.username);
  };
  const idOf = async (username: string) =>
    (
      await testRows<{ id: string }>(t.database.db, sql`select id::text as id from users where username = ${username}`)
    )[0]!.id;

  it('answers only staff and client admins, from two characters', async () => {
    const buyer = (await makeUser(t, 'buyer', { client: 'C00003', ip: '10.40.5.1' })).token;
    expect((await search(null, 'buyer')).statusCode).toBe(401);
    expect((await search(buyer, 'buyer')).statusCode).toBe(403);
    const short = await search(admin, 'b');
    expect(short.statusCode).toBe(400);
  });

  it('finds by user name (the exact one first), e-mail, client number and client name; never staff', async () => {
    const byName = await names(admin, 'buyer');
    expect(byName[0]).toBe('buyer');
    expect(byName).toContain('buyer2');
    const [buyer] = await testRows<{ email: string; client: string; name: string }>(
      t.database.db,
      sql`select u.email, c.accountnum as client, c.name from users u join clients c on c.accountnum = u.client_accountnum
           where u.username = 'buyer2'`,
    );
    expect(await names(admin, buyer!.email)).toContain('buyer2');
    const byClient = await names(admin, buyer!.client);
    expect(byClient).toContain('buyer2');
    // vetado is a user of the same client, banned: acting as one is refused, so none is offered.
    expect(byClient).not.toContain('vetado');
    expect(await names(admin, 'vetado')).toEqual([]);
    expect(await names(admin, buyer!.name.slice(0, 8))).toContain('buyer2');
    // Staff are never offered, whoever asks; "admin" matches clientadmin, who is not staff. Asked by a comercial this
    // test makes, not comercial1, whom another test of the file bans.
    const { token: comercial, username: comercial2 } = await makeUser(t, 'sales', { ip: '10.40.5.2' });
    const admins = await names(comercial, 'admin');
    expect(admins).toContain('clientadmin');
    expect(admins).not.toContain('admin');
    expect(admins).not.toContain(adminName);
    expect(await names(admin, comercial2)).toEqual([]);
    expect(await names(admin, comercial1.username)).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect(await names(admin, '%%')).toEqual([]);
  });

  it('a client admin finds the ordinary users of their client only', async () => {
    const clientadmin = (await makeUser(t, 'clientadmin', { ip: '10.40.5.3' })).token;
    const found = await names(clientadmin, 'buyer');
    expect(found).toEqual(['buyer']);
    expect(await names(clientadmin, 'clientadmin')).toEqual([]);
    // Every user found may be acted as.
    expect((await actAs(clientadmin, found[0]!)).statusCode).toBe(200);
  });

  it('the user screen says whether the caller may act as the user', async () => {
    const clientadmin = (await makeUser(t, 'clientadmin', { ip: '10.40.5.4' })).token;
    const detail = async (token: string, username: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inuser/getuser/${await idOf(username)}`,
        headers: bearer(token),
      });
      expect(res.statusCode, username).toBe(200);
      return res.json().data.mayActAs as boolean;
    };
    expect(await detail(admin, 'buyer2')).toBe(true);
    expect(await detail(admin, comercial1.username)).toBe(false);
    expect(await detail(admin, adminName)).toBe(false);
    expect(await detail(clientadmin, 'buyer')).toBe(true);
    expect(await detail(clientadmin, 'clientadmin')).toBe(false);
  });
});
