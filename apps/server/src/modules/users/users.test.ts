import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/inuser/getprofile/', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inuser/getprofile/' })).statusCode).toBe(401);
  });

  it('answers the caller’s own user, without secrets', async () => {
    const buyer = await makeUser(t, 'plateBuyer');
    const res = await t.app.inject({ method: 'GET', url: '/api/inuser/getprofile/', headers: bearer(buyer.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: buyer.username,
      cliente_id: 'C00001',
      lockoutenabled: false,
      roles: ['permitirCompras', 'searchplate'],
    });
    expect(body.tokencreated).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(body)).not.toMatch(/argon|password|confirm/i);
  });
});

describe('POST /api/inuser/CheckAuthTokenOrigin', () => {
  const check = (token: string | null, username: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/inuser/CheckAuthTokenOrigin?username=${encodeURIComponent(username)}`,
      headers: token ? bearer(token) : {},
    });

  it('needs a signed-in user and a user name', async () => {
    const buyer = await makeUser(t, 'plateBuyer');
    expect((await check(null, buyer.username)).statusCode).toBe(401);
    expect((await check(buyer.token, '')).statusCode).toBe(400);
  });

  it('classifies the named user relative to the caller', async () => {
    const buyer = await makeUser(t, 'plateBuyer');
    const buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
    const clientadmin = (await makeUser(t, 'clientadmin')).token;
    const admin = (await makeUser(t, 'admin')).token;
    expect((await check(buyer.token, buyer.username.toUpperCase())).json()).toEqual({
      result: 0,
      username: buyer.username,
    });
    expect((await check(clientadmin, buyer.username)).json()).toEqual({ result: 4, username: buyer.username });
    expect((await check(admin, buyer2.username)).json()).toEqual({ result: 3, username: buyer2.username });
    expect((await check(admin, 'ghost')).json()).toEqual({ result: 1, username: null });
  });

  it('tells nobody but an admin whether another user name exists', async () => {
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    const clientadmin = await makeUser(t, 'clientadmin');
    const buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
    // buyer2 exists (client C00002), ghost does not: the answers are the same, byte for byte.
    for (const [caller, token] of [
      ['buyer', buyer],
      ['clientadmin', clientadmin.token],
    ] as const) {
      const existing = await check(token, buyer2.username);
      const unknown = await check(token, 'ghost');
      expect(existing.statusCode, caller).toBe(200);
      expect(existing.json(), caller).toEqual({ result: 2, username: null });
      expect(unknown.body, caller).toBe(existing.body);
    }
    // Nor whether a name of the caller's own client exists, to an ordinary user.
    expect((await check(buyer, clientadmin.username)).body).toBe((await check(buyer, 'ghost')).body);
  });
});

describe('ban and force logout (admins)', () => {
  /** Another session of a user the test made. */
  const sessionOf = (user: { username: string }) => signIn(t.app, user.username, TEST_USER_PASSWORD);
  const post = (url: string, token: string | null, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const whoami = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(token) });

  it('needs an admin or the client admin of the user: 401 anonymous, 403 a buyer, 404 another client', async () => {
    const { id } = await makeUser(t, 'buyer', { client: 'C00002' });
    expect((await post(`/api/inuser/forcelogout/${id}`, null)).statusCode).toBe(401);
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    expect((await post(`/api/inuser/forcelogout/${id}`, buyer)).statusCode).toBe(403);
    expect((await post(`/api/inuser/blockuser/${id}`, buyer, { blocked: true })).statusCode).toBe(403);
    // A client admin acts on their own client's users only (decision 0031): buyer2 is client C00002's.
    const clientadmin = (await makeUser(t, 'clientadmin')).token;
    expect((await post(`/api/inuser/forcelogout/${id}`, clientadmin)).statusCode).toBe(404);
    expect((await post(`/api/inuser/blockuser/${id}`, clientadmin, { blocked: true })).statusCode).toBe(404);
  });

  it('force logout ends every session of the user at once', async () => {
    const buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
    const id = buyer2.id;
    const one = await sessionOf(buyer2);
    const two = await sessionOf(buyer2);
    const admin = (await makeUser(t, 'admin')).token;
    const res = await post(`/api/inuser/forcelogout/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_ForceLogOut_Ok' });
    expect((await whoami(one.access_token)).statusCode).toBe(401);
    expect((await whoami(two.access_token)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/token',
      payload: `grant_type=refresh_token&refresh_token=${two.refresh_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refreshed.statusCode).toBe(400);
    expect((await whoami((await sessionOf(buyer2)).access_token)).statusCode).toBe(200);
  });

  it('a ban ends the sessions and refuses sign-in; lifting it lets the user back', async () => {
    const clientadmin = await makeUser(t, 'clientadmin');
    const id = clientadmin.id;
    const session = await sessionOf(clientadmin);
    const admin = (await makeUser(t, 'admin')).token;
    const ban = await post(`/api/inuser/blockuser/${id}`, admin, { blocked: true });
    expect(ban.json()).toEqual({ result: true });
    expect((await whoami(session.access_token)).statusCode).toBe(401);
    await expect(sessionOf(clientadmin)).rejects.toThrow(/400/);
    expect((await post(`/api/inuser/blockuser/${id}`, admin, { blocked: false })).json()).toEqual({ result: false });
    expect((await whoami((await sessionOf(clientadmin)).access_token)).statusCode).toBe(200);
  });

  it('bad input is a 400 and an unknown user a 404', async () => {
    const admin = (await makeUser(t, 'admin')).token;
    expect((await post('/api/inuser/forcelogout/not-a-uuid', admin)).statusCode).toBe(400);
    const { id } = await makeUser(t, 'plateBuyer');
    expect((await post(`/api/inuser/blockuser/${id}`, admin, { blocked: 'yes' })).statusCode).toBe(400);
    expect((await post('/api/inuser/forcelogout/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });
});
