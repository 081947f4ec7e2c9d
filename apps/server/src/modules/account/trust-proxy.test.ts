import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { userLogs } from '../../db/schema/schema.ts';
import { createTestApp, form, type TestApp } from '../../test/test-app.ts';

/** One proxy in front (TRUST_PROXY=1) at 10.77.0.1; three free sign-in attempts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', LOGIN_THROTTLE_FREE_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const PROXY = '10.77.0.1';
/**
 * Every attempt is made at one instant of the tests' clock (as throttle.test.ts does): the throttle counts whole
 * seconds, and what it counts must not depend on how long each checked password takes.
 */
let instant = 0;
const attempt = (password: string, forwardedFor: string) => {
  if (instant === 0) instant = Math.floor(t.clock.now().getTime() / 1000) * 1000 + 500;
  t.clock.advance(instant - t.clock.now().getTime());
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: PROXY,
    payload: form({ grant_type: 'password', username: 'buyer2', password }).payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
  });
};

describe('TRUST_PROXY', () => {
  it('takes the address the nearest proxy saw: an address the client prepends changes nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // The client writes any address it likes; the proxy appends the one it saw.
      statuses.push((await attempt('wrong', `203.0.113.${i}, 198.51.100.7`)).statusCode);
    }
    // Three free failures, the fourth counted, then waits: the guesses were slowed down.
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4).every((s) => s === 429)).toBe(true);
    // Every attempt is logged with the proxy's word for the address, none with the client's.
    const logged = await t.database.db.select().from(userLogs).where(eq(userLogs.ipaddress, '198.51.100.7'));
    expect(logged.filter((l) => l.username === 'buyer2')).toHaveLength(40);
    const chosen = await t.database.db.select().from(userLogs).where(eq(userLogs.ipaddress, '203.0.113.5'));
    expect(chosen).toEqual([]);
  });

  it('never stores what is not an address: the socket’s address is kept instead', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: PROXY,
      payload: form({ grant_type: 'password', username: 'nobody-here', password: 'x' }).payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '=1+2' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const logged = await t.database.db.select().from(userLogs).where(eq(userLogs.username, 'nobody-here'));
    expect(logged.map((l) => l.ipaddress)).toEqual([PROXY]);
  });
});

describe('TRUST_PROXY settings', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example',
    DATABASE_URL: 'postgres://portal@db.example:5432/portal',
    // 24 bytes in base64, not the bank's public test key.
    REDSYS_MERCHANT_KEY: Buffer.from('portal-test-merchant-key').toString('base64'),
  };
  it('takes a number of proxies or their addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).trustProxy).toBe('10.0.0.0/8,192.168.1.4,::1');
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('refuses what is not an address, and true in production', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY: bad entry "proxy.example"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true is refused/);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});
