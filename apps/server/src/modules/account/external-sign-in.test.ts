import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { TOKEN_MESSAGES } from './account.service.ts';

/**
 * Issue 14, decision 0036: external sign-in with OpenID Connect against a provider on localhost (real HTTP, real
 * RS256 ID tokens): the code flow with PKCE, state and nonce, linking by password, sign-in of a linked identity, and
 * the refusals (wrong state, wrong nonce, another audience, a denied request, a banned user, a used ticket).
 * Issue 22, decision 0056: every step is tied to the browser that started it (its cookie jar, `Browser` here).
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

/**
 * A browser's cookie jar, as far as the external sign-in goes: the value of its `portal_external` cookie, set and
 * cleared by the answers it gets (each answer sets it for the three paths of the calls that read it, or none).
 */
type Browser = { cookie: string | null };
const newBrowser = (): Browser => ({ cookie: null });
/** The cookies an answer sets, as written. */
const setCookies = (headers: Record<string, unknown>): string[] => {
  const value = headers['set-cookie'];
  return value === undefined ? [] : ([] as string[]).concat(value as string | string[]);
};
function keep(browser: Browser, headers: Record<string, unknown>) {
  for (const line of setCookies(headers)) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    if (!pair.startsWith('portal_external=')) continue;
    browser.cookie = attributes.includes('Max-Age=0') ? null : pair.slice('portal_external='.length);
  }
}
const cookieOf = (browser: Browser) => (browser.cookie ? { cookie: `portal_external=${browser.cookie}` } : {});

/** The first browser of each test, the one the helpers below use unless told another. */
let browserA: Browser = newBrowser();
beforeEach(() => {
  browserA = newBrowser();
});

const get = async (url: string, browser: Browser = browserA) => {
  const answer = await t.app.inject({ method: 'GET', url, headers: cookieOf(browser) });
  keep(browser, answer.headers);
  return answer;
};

/**
 * The start in `browser`, up to the provider's answer: the callback URL the provider sends the browser back to.
 */
async function toCallback(browser: Browser = browserA): Promise<URL> {
  const start = await get('/api/account/external/start', browser);
  expect(start.statusCode, start.body).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://portal.test/api/account/external/callback');
  for (const p of ['state', 'nonce', 'code_challenge'])
    expect(authorize.searchParams.get(p)?.length).toBeGreaterThan(20);
  const page = await fetch(authorize, { redirect: 'manual' });
  expect(page.status).toBe(302);
  return new URL(String(page.headers.get('location')));
}

/** The callback URL opened in `browser`: where the portal sends it. */
async function land(callback: URL, browser: Browser = browserA): Promise<string> {
  const landed = await get(`${callback.pathname}${callback.search}`, browser);
  expect(landed.statusCode, landed.body).toBe(302);
  return String(landed.headers.location);
}

/** The browser's way: start, the provider's page, back to the callback. Answers where the callback sends it. */
async function viaProvider(change?: (callback: URL) => void, browser: Browser = browserA): Promise<string> {
  const callback = await toCallback(browser);
  change?.(callback);
  return land(callback, browser);
}

const ticketOf = (landing: string) => landing.split('#ticket=')[1] ?? '';
const obtain = (ticket: string, browser: Browser = browserA) =>
  get(`/api/account/ObtainLocalAccessToken?provider=oidc&externalAccessToken=${ticket}`, browser);
const linkInfo = (ticket: string, browser: Browser = browserA) =>
  get(`/api/account/external/link?ticket=${ticket}`, browser);
const register = async (ticket: string, userName: string, password: string, browser: Browser = browserA) => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/account/registerexternal',
    payload: { ticket, userName, password },
    headers: cookieOf(browser),
  });
  keep(browser, answer.headers);
  return answer;
};
const signInLogCount = async (username: string) =>
  (
    await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_logs where username = ${username}`,
    )
  )[0]?.n;
const whoAmI = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(accessToken) })).json() as {
    username: string;
  };
const identities = (sub: string) =>
  testRows<{ username: string }>(
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
    expect((await linkInfo(ticket)).json()).toEqual({
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

  it('a linked identity of a banned user, or of a blocked client, gets no session and is told why as /token tells it', async () => {
    const landing = await viaProvider();
    expect((await register(ticketOf(landing), 'buyer2', 'demo1234')).statusCode).toBe(200);
    const passwordSignIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/token',
        payload: 'grant_type=password&username=buyer2&password=demo1234',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await t.database.db.execute(sql`update users set banned = true where username = 'buyer2'`);
    try {
      const refused = await obtain(ticketOf(await viaProvider()));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: TOKEN_MESSAGES.bannedUser });
      expect((await passwordSignIn()).json().error_description).toBe(TOKEN_MESSAGES.bannedUser);
    } finally {
      await t.database.db.execute(sql`update users set banned = false where username = 'buyer2'`);
    }
    await t.database.db.execute(sql`update clients set all_blocked = true where accountnum = 'C00002'`);
    try {
      const refused = await obtain(ticketOf(await viaProvider()));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: TOKEN_MESSAGES.blockedClient });
      expect((await passwordSignIn()).json().error_description).toBe(TOKEN_MESSAGES.blockedClient);
    } finally {
      await t.database.db.execute(sql`update clients set all_blocked = false where accountnum = 'C00002'`);
    }
  });

  it('asks userinfo for the name when the ID token has neither name nor e-mail, and shows it on the link page', async () => {
    provider.person = { sub: provider.person.sub, name: 'María Taller', claimsIn: 'userinfo' };
    const named = await viaProvider();
    expect(named).toMatch(/^\/external\/link#ticket=/);
    expect((await linkInfo(ticketOf(named))).json()).toEqual({ provider: 'Cuenta del grupo', display: 'María Taller' });

    // An e-mail only in userinfo is shown as well; one in the ID token needs no userinfo.
    provider.person = { sub: provider.person.sub, email: 'maria@taller.example', claimsIn: 'userinfo' };
    expect((await linkInfo(ticketOf(await viaProvider()))).json().display).toBe('maria@taller.example');
    provider.person = { sub: provider.person.sub, name: 'En el token' };
    expect((await linkInfo(ticketOf(await viaProvider()))).json().display).toBe('En el token');

    // A provider that names nobody, or whose userinfo fails: the link goes on, and the page names nobody.
    provider.person = { sub: provider.person.sub, claimsIn: 'userinfo' };
    expect((await linkInfo(ticketOf(await viaProvider()))).json().display).toBe('');
    provider.person = { sub: provider.person.sub, name: 'María Taller', claimsIn: 'userinfo' };
    provider.tamper = 'userinfo';
    const landing = await viaProvider();
    expect(landing).toMatch(/^\/external\/link#ticket=/);
    expect((await linkInfo(ticketOf(landing))).json().display).toBe('');
  });

  it('an identity is linked to one user only', async () => {
    // Two browsers (a link spends the sign-in of its browser: its cookie is cleared).
    const otherBrowser = newBrowser();
    const first = await viaProvider();
    const second = await viaProvider(undefined, otherBrowser);
    expect((await register(ticketOf(first), 'buyer', 'demo1234')).statusCode).toBe(200);
    const again = await register(ticketOf(second), 'buyer2', 'demo1234', otherBrowser);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('WARN_ExternalAlreadyLinked');
    expect(await identities(provider.person.sub)).toEqual([{ username: 'buyer' }]);
  });
});

describe('tied to the browser that started it (issue 22, decision 0056)', () => {
  it('the start sets an HttpOnly, SameSite=Lax cookie for the three calls that read it; a link clears it', async () => {
    const start = await get('/api/account/external/start');
    const lines = setCookies(start.headers);
    expect(lines.map((line) => line.match(/Path=([^;]+)/)?.[1])).toEqual([
      '/api/account/external',
      '/api/account/registerexternal',
      '/api/account/ObtainLocalAccessToken',
    ]);
    for (const line of lines) {
      expect(line).toMatch(/^portal_external=[A-Za-z0-9_-]{43}; /);
      expect(line).toContain('; HttpOnly; SameSite=Lax');
      expect(line).toContain('; Max-Age=1200');
      // PUBLIC_URL is http here: a Secure cookie would never come back.
      expect(line).not.toContain('Secure');
    }
    // Only its digest is kept.
    const [kept] = await testRows<{ browser_hash: string }>(
      t.database.db,
      sql`select browser_hash from oidc_requests where state = ${new URL(String(start.headers.location)).searchParams.get('state')}`,
    );
    expect(kept?.browser_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept?.browser_hash).not.toBe(browserA.cookie);

    const landing = await viaProvider();
    expect(browserA.cookie).not.toBeNull();
    const linked = await register(ticketOf(landing), 'buyer', 'demo1234');
    expect(linked.statusCode).toBe(200);
    expect(setCookies(linked.headers)).toHaveLength(3);
    for (const line of setCookies(linked.headers))
      expect(line).toMatch(/^portal_external=; Path=\/api\/account\/\w+.*; Max-Age=0; /);
    expect(browserA.cookie).toBeNull();
  });

  it('the attack: a callback opened in another browser is refused and links nothing; the starting browser goes on', async () => {
    const before = await signInLogCount('buyer');
    const callback = await toCallback(browserA);
    // The victim's browser, without the cookie, or with the cookie of a sign-in of its own.
    const victim = newBrowser();
    expect(await land(callback, victim)).toBe('/login?external=browser');
    await toCallback(victim);
    expect(victim.cookie).not.toBeNull();
    expect(await land(callback, victim)).toBe('/login?external=browser');
    // The victim's own sign-in is untouched by the refusal.
    expect(victim.cookie).not.toBeNull();
    expect(await identities(provider.person.sub)).toEqual([]);

    // The attacker's browser still has its request, once.
    const landing = await land(callback, browserA);
    expect(landing).toMatch(/^\/external\/link#ticket=/);
    const ticket = ticketOf(landing);

    // The link page handed to the victim: it does not say who the provider names, and her password is not even tried.
    const info = await linkInfo(ticket, victim);
    expect(info.statusCode).toBe(403);
    expect(info.json().message).toBe('WARN_ExternalOtherBrowser');
    const refused = await register(ticket, 'buyer', 'demo1234', victim);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: 'WARN_ExternalOtherBrowser' });
    expect(await identities(provider.person.sub)).toEqual([]);
    expect(await signInLogCount('buyer')).toBe(before);
    // Nor with no cookie at all.
    expect((await register(ticket, 'buyer', 'demo1234', newBrowser())).statusCode).toBe(400);
    expect(await identities(provider.person.sub)).toEqual([]);

    // In the browser that started it the link works.
    expect((await linkInfo(ticket, browserA)).statusCode).toBe(200);
    expect((await register(ticket, 'buyer2', 'demo1234', browserA)).statusCode).toBe(200);
    expect(await identities(provider.person.sub)).toEqual([{ username: 'buyer2' }]);
  });

  it('a sign-in ticket handed to another browser signs nobody in there', async () => {
    expect((await register(ticketOf(await viaProvider()), 'buyer2', 'demo1234')).statusCode).toBe(200);
    const landing = await viaProvider();
    expect(landing).toMatch(/^\/external\/signin#ticket=/);
    const other = newBrowser();
    const refused = await obtain(ticketOf(landing), other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('WARN_ExternalOtherBrowser');
    const tokens = await obtain(ticketOf(landing), browserA);
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect((await whoAmI(tokens.json().access_token)).username).toBe('buyer2');
    expect(browserA.cookie).toBeNull();
  });

  it('two sign-ins started in two tabs of one browser both come back', async () => {
    const first = await toCallback();
    const cookie = browserA.cookie;
    const second = await toCallback();
    expect(browserA.cookie).toBe(cookie);
    expect(await land(second)).toMatch(/^\/external\/link#ticket=/);
    expect(await land(first)).toMatch(/^\/external\/link#ticket=/);
  });

  it('the cookie is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({
      PUBLIC_URL: 'https://portal.test',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    try {
      const start = await secure.app.inject({ method: 'GET', url: '/api/account/external/start' });
      expect(start.statusCode).toBe(302);
      // To the provider, not back to the login page (the provider's metadata could not be read).
      expect(start.headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
      const lines = setCookies(start.headers);
      expect(lines).toHaveLength(3);
      for (const line of lines) expect(line).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
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
