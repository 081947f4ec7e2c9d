import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 14, decision 0036: external sign-in with OpenID Connect against a provider on localhost (real HTTP, real
 * RS256 ID tokens): the code flow with PKCE, state and nonce, linking by password, sign-in of a linked identity, and
 * the refusals (wrong state, wrong nonce, another audience, a denied request, a banned user, a used ticket).
 */
let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider();
  t = await createTestApp({
    PUBLIC_URL: 'http://portal.test',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Cuenta del grupo',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(() => {
  provider.tamper = null;
  provider.person = { sub: `person-${Math.random().toString(36).slice(2)}`, email: 'taller@example.com' };
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The browser's way: start, the provider's page, back to the callback. Answers where the callback sends it. */
async function viaProvider(change?: (callback: URL) => void): Promise<string> {
  const start = await get('/api/account/external/start');
  expect(start.statusCode, start.body).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://portal.test/api/account/external/callback');
  for (const p of ['state', 'nonce', 'code_challenge'])
    expect(authorize.searchParams.get(p)?.length).toBeGreaterThan(20);
  const page = await fetch(authorize, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const callback = new URL(String(page.headers.get('location')));
  change?.(callback);
  const landed = await get(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode, landed.body).toBe(302);
  return String(landed.headers.location);
}

const ticketOf = (landing: string) => landing.split('#ticket=')[1] ?? '';
const obtain = (ticket: string) =>
  get(`/api/account/ObtainLocalAccessToken?provider=oidc&externalAccessToken=${ticket}`);
const register = (ticket: string, userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/registerexternal', payload: { ticket, userName, password } });
const whoAmI = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(accessToken) })).json() as {
    username: string;
  };
const identities = (sub: string) =>
  queryRows<{ username: string }>(
    t.database.db,
    sql`select u.username from user_identities i join users u on u.id = i.user_id where i.subject = ${sub}`,
  );

describe('external sign-in', () => {
  it('tells the web whether it is on and the provider’s name', async () => {
    expect((await get('/api/account/external/provider')).json()).toEqual({ enabled: true, name: 'Cuenta del grupo' });
  });

  it('an unlinked identity gets a link ticket; a wrong password links nothing; the right one links and signs in', async () => {
    const landing = await viaProvider();
    expect(landing).toMatch(/^\/external\/link#ticket=[A-Za-z0-9_-]{43}$/);
    const ticket = ticketOf(landing);
    // A link ticket is not a sign-in ticket.
    expect((await obtain(ticket)).statusCode).toBe(400);
    expect((await get(`/api/account/external/link?ticket=${ticket}`)).json()).toEqual({
      provider: 'Cuenta del grupo',
      display: 'taller@example.com',
    });
    const wrong = await register(ticket, 'buyer', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    expect(await identities(provider.person.sub)).toEqual([]);

    const linked = await register(ticket, 'buyer', 'demo1234');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().userName).toBe('buyer');
    expect(await identities(provider.person.sub)).toEqual([{ username: 'buyer' }]);
    // The ticket is spent.
    expect((await register(ticket, 'buyer', 'demo1234')).statusCode).toBe(400);

    // From now on the identity signs buyer in, with the portal's own tokens, once per ticket.
    const next = await viaProvider();
    expect(next).toMatch(/^\/external\/signin#ticket=/);
    const tokens = await obtain(ticketOf(next));
    expect(tokens.statusCode, tokens.body).toBe(200);
    const me = await whoAmI(tokens.json().access_token);
    expect(me.username).toBe('buyer');
    expect((await obtain(ticketOf(next))).statusCode).toBe(400);
  });

  it('refuses a callback whose state is not the one it sent, and a state used twice', async () => {
    expect(await viaProvider((cb) => cb.searchParams.set('state', 'x'.repeat(43)))).toBe('/login?external=failed');
    let replay = '';
    const first = await viaProvider((cb) => {
      replay = `${cb.pathname}${cb.search}`;
    });
    expect(first).toMatch(/^\/external\/link#/);
    const again = await get(replay);
    expect(again.headers.location).toBe('/login?external=failed');
  });

  it('refuses an ID token with another nonce, another audience or another issuer, and a denied request', async () => {
    for (const tamper of ['nonce', 'audience', 'issuer'] as const) {
      provider.tamper = tamper;
      expect(await viaProvider(), tamper).toBe('/login?external=failed');
    }
    provider.tamper = 'deny';
    expect(await viaProvider()).toBe('/login?external=refused');
    expect(await identities(provider.person.sub)).toEqual([]);
  });

  it('a request older than 10 minutes has expired', async () => {
    const landing = await viaProvider(() => t.clock.advance(11 * 60_000));
    expect(landing).toBe('/login?external=expired');
  });

  it('a linked identity of a banned user gets no session', async () => {
    const landing = await viaProvider();
    expect((await register(ticketOf(landing), 'buyer2', 'demo1234')).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set banned = true where username = 'buyer2'`);
    try {
      const refused = await obtain(ticketOf(await viaProvider()));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_grant');
    } finally {
      await t.database.db.execute(sql`update users set banned = false where username = 'buyer2'`);
    }
  });

  it('an identity is linked to one user only', async () => {
    const first = await viaProvider();
    const second = await viaProvider();
    expect((await register(ticketOf(first), 'buyer', 'demo1234')).statusCode).toBe(200);
    const again = await register(ticketOf(second), 'buyer2', 'demo1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('WARN_ExternalAlreadyLinked');
    expect(await identities(provider.person.sub)).toEqual([{ username: 'buyer' }]);
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the browser back to the login page with the reason', async () => {
    const down = await createTestApp({
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const start = await down.app.inject({ method: 'GET', url: '/api/account/external/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login?external=failed');
    } finally {
      await down.close();
    }
  });
});

describe('without a provider', () => {
  it('says it is off and answers 404 to the rest', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/account/external/provider' })).json()).toEqual({
        enabled: false,
        name: '',
      });
      for (const url of [
        '/api/account/external/start',
        '/api/account/external/callback?state=x&code=y',
        `/api/account/ObtainLocalAccessToken?provider=oidc&externalAccessToken=${'a'.repeat(43)}`,
      ])
        expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await off.close();
    }
  });
});
