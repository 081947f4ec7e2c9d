import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';

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
    const { access_token } = await signIn(t.app, 'buyer');
    const res = await t.app.inject({ method: 'GET', url: '/api/inuser/getprofile/', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'buyer',
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
    expect((await check(null, 'buyer')).statusCode).toBe(401);
    const { access_token } = await signIn(t.app, 'buyer');
    expect((await check(access_token, '')).statusCode).toBe(400);
  });

  it('classifies the named user relative to the caller', async () => {
    const buyer = (await signIn(t.app, 'buyer')).access_token;
    const clientadmin = (await signIn(t.app, 'clientadmin')).access_token;
    const admin = (await signIn(t.app, 'admin')).access_token;
    expect((await check(buyer, 'BUYER')).json()).toEqual({ result: 0, username: 'buyer' });
    expect((await check(buyer, 'ghost')).json()).toEqual({ result: 1, username: null });
    expect((await check(buyer, 'buyer2')).json()).toEqual({ result: 2, username: null });
    expect((await check(clientadmin, 'buyer')).json()).toEqual({ result: 4, username: 'buyer' });
    expect((await check(clientadmin, 'buyer2')).json()).toEqual({ result: 2, username: null });
    expect((await check(admin, 'buyer2')).json()).toEqual({ result: 3, username: 'buyer2' });
  });
});
