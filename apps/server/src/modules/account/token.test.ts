import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, refreshTokens, userLogs, users } from '../../db/schema/schema.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { bearer, createTestApp, form, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from '../../test/users.ts';
import { REFRESH_GRACE_MS, TOKEN_MESSAGES } from './account.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = (fields: Record<string, string>, ip = '10.1.0.1', userAgent = 'test-browser') => {
  const request = form(fields);
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    payload: request.payload,
    headers: { ...request.headers, 'user-agent': userAgent },
  });
};
const getUser = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(access) });
const logsOf = (username: string) =>
  t.database.db.select().from(userLogs).where(eq(userLogs.username, username)).orderBy(userLogs.id);

describe('POST /token, password grant', () => {
  it('signs a demo user in and logs the success with code 0', async () => {
    const res = await token({ grant_type: 'password', username: 'buyer', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 1200, userName: 'buyer' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    const me = await getUser(body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('buyer');
    const log = (await logsOf('buyer')).at(-1)!;
    expect(log).toMatchObject({ messageCod: 0, ipaddress: '10.1.0.1', clientId: 'C00001' });
    expect(log.machinename).toBeTruthy();
  });

  it('accepts the user name in any case', async () => {
    const res = await token({ grant_type: 'password', username: 'BUYER2', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().userName).toBe('buyer2');
  });

  it('answers the same Spanish message for a wrong password and an unknown user, and logs code 1', async () => {
    const wrong = await token({ grant_type: 'password', username: 'buyer2', password: 'nope-nope' }, '10.1.0.2');
    const unknown = await token({ grant_type: 'password', username: 'nobody', password: 'nope-nope' }, '10.1.0.3');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: TOKEN_MESSAGES.badCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect((await logsOf('nobody')).map((l) => l.messageCod)).toEqual([1]);
  });

  it('refuses missing fields with a clear 400 and writes no session', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    const res = await token({ grant_type: 'password', username: 'buyer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(res.json().error_description).toMatch(/usuario y la contraseña/);
    const bad = await token({ grant_type: 'authorization_code' });
    expect(bad.statusCode).toBe(400);
    // The machine clients' grant with no client: RFC 6749 §5.2 invalid_client (decision 0057).
    const noClient = await token({ grant_type: 'client_credentials' });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().error).toBe('invalid_client');
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokens);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a banned user, a blocked client, a user without company and an unconfirmed user, each with its own message and log code', async () => {
    const hash = await hashPassword('Clave-Segura-99');
    await t.database.db.insert(clients).values({ accountnum: 'CBLOCK', name: 'Bloqueado S.L.', allBlocked: true });
    await t.database.db.insert(users).values([
      { username: 'banned1', passwordHash: hash, clientAccountnum: 'C00003', banned: true },
      { username: 'blocked1', passwordHash: hash, clientAccountnum: 'CBLOCK' },
      { username: 'orphan1', passwordHash: hash, clientAccountnum: null },
      { username: 'pending1', passwordHash: hash, clientAccountnum: 'Z0001', emailConfirmed: false },
    ]);
    const cases = [
      ['banned1', TOKEN_MESSAGES.bannedUser, 2],
      ['blocked1', TOKEN_MESSAGES.blockedClient, 3],
      ['orphan1', TOKEN_MESSAGES.noCompany, 4],
      ['pending1', TOKEN_MESSAGES.unconfirmed, 1],
    ] as const;
    for (const [username, message, code] of cases) {
      const res = await token({ grant_type: 'password', username, password: 'Clave-Segura-99' }, '10.1.0.9');
      expect(res.statusCode, username).toBe(400);
      expect(res.json().error_description).toBe(message);
      expect((await logsOf(username)).map((l) => l.messageCod)).toEqual([code]);
    }
    // Without the right password the account's state is not revealed.
    const guess = await token({ grant_type: 'password', username: 'banned1', password: 'wrong-guess' }, '10.1.0.9');
    expect(guess.json().error_description).toBe(TOKEN_MESSAGES.badCredentials);
  });
});

describe('refresh tokens', () => {
  it('rotate: each use gives a new pair and the used token stops working', async () => {
    const first = await makeUser(t, 'clientadmin');
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refresh_token).not.toBe(first.refreshToken);
    expect((await getUser(next.access_token)).statusCode).toBe(200);
    const third = await refresh(next.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('a reused token revokes every token of its chain, and the chain’s access tokens answer 401 at once', async () => {
    const user = await makeUser(t, 'buyer', { client: 'C00002' });
    const first = { access_token: user.token, refresh_token: user.refreshToken };
    const other = await signIn(t.app, user.username, TEST_USER_PASSWORD);
    const second = (await refresh(first.refresh_token)).json();
    expect((await getUser(second.access_token)).statusCode).toBe(200);
    // A thief replays the used token from elsewhere.
    const replay = await refresh(first.refresh_token, '10.66.0.1');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: TOKEN_MESSAGES.badRefresh });
    // The replay also killed the legitimate newest token, and every access token of that chain.
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
    expect((await getUser(first.access_token)).statusCode).toBe(401);
    expect((await getUser(second.access_token)).statusCode).toBe(401);
    // Another session of the same user is not part of that chain and still works.
    expect((await getUser(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('the same client refreshing the same token again within the grace period gets the same pair', async () => {
    const session = await makeUser(t, 'clientadmin');
    const one = await refresh(session.refreshToken);
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const two = await refresh(session.refreshToken);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toEqual(one.json());
    // Still signed in: the pair works, and the refresh token moves on.
    expect((await getUser(one.json().access_token)).statusCode).toBe(200);
    expect((await refresh(one.json().refresh_token)).statusCode).toBe(200);
  });

  it('ten refreshes of the same token at once all answer the same pair, and the user stays signed in', async () => {
    const session = await makeUser(t, 'plateBuyer');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refreshToken)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const pair = answers[0]!.json();
    for (const answer of answers) expect(answer.json()).toEqual(pair);
    expect((await getUser(pair.access_token)).statusCode).toBe(200);
    expect((await getUser(session.token)).statusCode).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await getUser(next.json().access_token)).statusCode).toBe(200);
  });

  it('after the grace period, or from another client, a used token is reuse', async () => {
    const replays: [string, (used: string) => ReturnType<typeof refresh>][] = [
      [
        'after the grace period',
        (used) => {
          t.clock.advance(REFRESH_GRACE_MS + 1000);
          return refresh(used);
        },
      ],
      ['from another browser', (used) => refresh(used, '10.1.0.1', 'another-browser')],
      ['from another IP', (used) => refresh(used, '10.1.0.77')],
    ];
    for (const [when, replay] of replays) {
      const session = await makeUser(t, 'clientadmin');
      const renewed = (await refresh(session.refreshToken)).json();
      expect((await replay(session.refreshToken)).statusCode, when).toBe(400);
      expect((await getUser(renewed.access_token)).statusCode, when).toBe(401);
      expect((await refresh(renewed.refresh_token)).statusCode, when).toBe(400);
    }
  });

  it('an unknown refresh token is refused', async () => {
    const res = await refresh('this-token-was-never-issued-by-the-portal');
    expect(res.statusCode).toBe(400);
  });

  it('access tokens expire after ACCESS_TOKEN_MINUTES (20) and refresh still works afterwards', async () => {
    const session = await makeUser(t, 'clientadmin');
    t.clock.advance(19 * 60_000);
    expect((await getUser(session.token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await getUser(session.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('WARN_Unauthorized');
    const renewed = await refresh(session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await getUser(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('refresh tokens expire after REFRESH_TOKEN_DAYS', async () => {
    const session = await makeUser(t, 'clientadmin');
    t.clock.advance(15 * 86_400_000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(400);
  });
});

describe('ending sessions at once', () => {
  it('banning a user makes every existing access token answer 401 and refuses refresh', async () => {
    const hash = await hashPassword('Clave-Segura-99');
    await t.database.db.insert(users).values({ username: 'tobeban', passwordHash: hash, clientAccountnum: 'C00004' });
    const a = await signIn(t.app, 'tobeban', 'Clave-Segura-99');
    const b = await signIn(t.app, 'tobeban', 'Clave-Segura-99');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.username, 'tobeban'));
    // Written behind the app's back, as an operator would: the change is heard once committed (0014).
    await t.app.principalChanges.settled();
    expect((await getUser(a.access_token)).statusCode).toBe(401);
    expect((await getUser(b.access_token)).statusCode).toBe(401);
    const res = await refresh(b.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(TOKEN_MESSAGES.bannedUser);
  });

  it('a force logout (token version bump) ends existing access tokens; a new sign-in works', async () => {
    const session = await makeUser(t, 'plateBuyer');
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.username, session.username));
    await t.app.principalChanges.settled();
    expect((await getUser(session.token)).statusCode).toBe(401);
    const again = await signIn(t.app, session.username, TEST_USER_PASSWORD);
    expect((await getUser(again.access_token)).statusCode).toBe(200);
  });

  it('blocking the client ends its users’ sessions', async () => {
    const hash = await hashPassword('Clave-Segura-99');
    await t.database.db.insert(users).values({ username: 'c5user', passwordHash: hash, clientAccountnum: 'C00005' });
    const session = await signIn(t.app, 'c5user', 'Clave-Segura-99');
    await t.database.db.update(clients).set({ allBlocked: true }).where(eq(clients.accountnum, 'C00005'));
    await t.app.principalChanges.settled();
    expect((await getUser(session.access_token)).statusCode).toBe(401);
  });

  it('a forged or malformed token answers 401', async () => {
    const session = await makeUser(t, 'buyer', { client: 'C00002' });
    const [h, p] = session.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await getUser(forged)).statusCode).toBe(401);
    expect((await getUser('not-a-token')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/account/getUser' });
    expect(none.statusCode).toBe(401);
  });
});

describe('POST /api/account/logout', () => {
  const logout = (access: string | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: access ? bearer(access) : {},
      payload: body as object,
    });

  it('revokes the caller’s refresh token, and the session’s access token stops at once', async () => {
    const user = await makeUser(t, 'clientadmin');
    const session = { access_token: user.token, refresh_token: user.refreshToken };
    const other = await signIn(t.app, user.username, TEST_USER_PASSWORD);
    const res = await logout(session.access_token, { refresh_token: session.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('WARN_LogoutOk');
    expect((await refresh(session.refresh_token)).statusCode).toBe(400);
    expect((await getUser(session.access_token)).statusCode).toBe(401);
    expect((await getUser(other.access_token)).statusCode).toBe(200);
  });

  it('does not revoke another user’s refresh token', async () => {
    const mine = await makeUser(t, 'clientadmin');
    const theirs = await makeUser(t, 'buyer', { client: 'C00002' });
    expect((await logout(mine.token, { refresh_token: theirs.refreshToken })).statusCode).toBe(200);
    expect((await refresh(theirs.refreshToken)).statusCode).toBe(200);
  });

  it('needs a signed-in caller (401) and a refresh token (400)', async () => {
    expect((await logout(null, { refresh_token: 'x' })).statusCode).toBe(401);
    const session = await makeUser(t, 'clientadmin');
    const res = await logout(session.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_ValidationError');
  });
});

function refresh(refresh_token: string, ip?: string, userAgent?: string) {
  return token({ grant_type: 'refresh_token', refresh_token }, ip, userAgent);
}

describe('caching', () => {
  it('no answer of /token or of the API is stored, unless its route says it is public', async () => {
    const { username } = await makeUser(t, 'plateBuyer');
    const signedIn = await token({ grant_type: 'password', username, password: TEST_USER_PASSWORD });
    const refused = await token({ grant_type: 'password', username, password: 'wrong-one' }, '10.1.0.50');
    const refreshed = await refresh(signedIn.json().refresh_token);
    const access = refreshed.json().access_token;
    const api = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? bearer(access) : {} });
    const answers = {
      signedIn,
      refused,
      refreshed,
      getUser: await api('/api/account/getUser'),
      profile: await api('/api/inuser/getprofile/'),
      anonymous: await api('/api/account/getUser', false),
      missing: await api('/api/no/such/call'),
      webcontext: await api('/api/common/webcontext', false),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.headers['cache-control'], name).toBe('no-store');
    expect(answers.signedIn.statusCode).toBe(200);
    expect(answers.getUser.statusCode).toBe(200);
    expect(answers.anonymous.statusCode).toBe(401);
    // Public, the same for everybody: the routes' own rule stands.
    expect((await api('/api/common/langs/es', false)).headers['cache-control']).toBe('public, max-age=300');
  });
});
