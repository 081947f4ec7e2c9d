import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLogs } from '../../db/schema/schema.ts';
import { createTestApp, form, type TestApp } from '../../test/test-app.ts';

/** Three free attempts per counter; each test uses IPs of its own (10.<test>.x.y). */
let t: TestApp;
/**
 * The instant the tests' clock stands at, half-way through a second (the throttle counts whole seconds): every
 * attempt is made at it and only `later` moves it, so what is counted does not depend on how long the requests
 * themselves take (each checked password costs an argon2 hash).
 */
let now = 0;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_THROTTLE_FREE_ATTEMPTS: '3' });
  now = Math.floor(t.clock.now().getTime() / 1000) * 1000 + 500;
});
afterAll(() => t.close());

const later = (ms: number) => {
  now += ms;
};

const attempt = (username: string, password: string, ip: string, device?: string) => {
  t.clock.advance(now - t.clock.now().getTime());
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    ...form({ grant_type: 'password', username, password }),
    ...(device ? { cookies: { portal_device: device } } : {}),
  });
};

/** Signs in and answers the device mark the portal set. */
async function deviceOf(username: string, ip: string): Promise<string> {
  const res = await attempt(username, 'demo1234', ip);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'portal_device');
  expect(cookie).toMatchObject({ path: '/token', httpOnly: true, sameSite: 'Strict' });
  return cookie!.value;
}

describe('sign-in throttling per IP and per (user name, IP)', () => {
  it('an IP failing for a user name waits with growing delays; a success does not wipe the IP’s failures', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt('buyer2', 'wrong', ip)).statusCode).toBe(400);
    // The 4th failure starts a 1 s wait for that IP.
    expect((await attempt('buyer2', 'wrong', ip)).statusCode).toBe(400);
    const blocked = await attempt('buyer2', 'demo1234', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json().error).toBe('too_many_attempts');
    later(1000);
    // The 5th doubles it.
    expect((await attempt('buyer2', 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt('buyer2', 'demo1234', ip)).headers['retry-after']).toBe('2');
    // A delay, not a lockout: once it has passed, the right password signs in.
    later(2000);
    expect((await attempt('buyer2', 'demo1234', ip)).statusCode).toBe(200);
    // That cleared buyer2's counters, not the IP's: its 6th failure makes it wait 4 s.
    expect((await attempt('buyer2', 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt('buyer2', 'demo1234', ip)).headers['retry-after']).toBe('4');
    const throttled = await t.database.db.select().from(userLogs).where(eq(userLogs.ipaddress, ip));
    expect(throttled.filter((l) => l.data === 'throttled')).toHaveLength(3);
  });

  it('one IP guessing many user names is slowed down for every name, and only that IP is', async () => {
    const ip = '10.3.0.1';
    for (const name of ['ana', 'luis', 'marta', 'pedro'])
      expect((await attempt(name, 'guess', ip)).statusCode).toBe(400);
    const res = await attempt('clientadmin', 'demo1234', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect((await attempt('clientadmin', 'demo1234', '10.3.0.2')).statusCode).toBe(200);
  });

  it('forgets failures after an hour', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) await attempt('buyer', 'wrong', ip);
    expect((await attempt('buyer', 'demo1234', ip)).statusCode).toBe(429);
    later(61 * 60_000);
    expect((await attempt('buyer', 'wrong', ip)).statusCode).toBe(400);
    expect((await attempt('buyer', 'demo1234', ip)).statusCode).toBe(200);
  });
});

describe('what a stranger cannot do', () => {
  it('guessing a user name from rotating IPs does not stop the right password from an IP that has not failed', async () => {
    for (let i = 1; i <= 9; i++) expect((await attempt('buyer2', 'wrong', `10.5.0.${i}`)).statusCode).toBe(400);
    expect((await attempt('buyer2', 'demo1234', '10.5.1.1')).statusCode).toBe(200);
  });

  it('one wrong attempt per window does not keep the user out', async () => {
    for (let i = 1; i <= 3; i++) expect((await attempt('buyer2', 'wrong', `10.6.0.${i}`)).statusCode).toBe(400);
    // The attacker fails once in each window (8, 16, 32, 64 s), from a new IP each time; the user signs in
    // from his own IP right after each of those failures.
    for (let round = 0; round < 4; round++) {
      expect((await attempt('buyer2', 'wrong', `10.6.1.${round}`)).statusCode).toBe(400);
      expect((await attempt('buyer2', 'demo1234', '10.6.9.9')).statusCode).toBe(200);
      later(8000 * 2 ** round);
    }
  });

  it('past its free attempts a user name makes every IP that fails for it wait as long as the name does', async () => {
    // 'nobody-here' does not exist: what counts is the name tried, so the answers tell nothing.
    for (let i = 1; i <= 5; i++) expect((await attempt('nobody-here', 'wrong', `10.7.0.${i}`)).statusCode).toBe(400);
    // 5 failures for the name: 2 s. The IP that made the 5th failed once, yet waits those 2 s.
    const res = await attempt('nobody-here', 'wrong', '10.7.0.5');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
    // An IP that failed before the name was past its free attempts, and a fresh IP, are still heard.
    expect((await attempt('nobody-here', 'wrong', '10.7.0.1')).statusCode).toBe(400);
    expect((await attempt('nobody-here', 'wrong', '10.7.0.9')).statusCode).toBe(400);
  });

  it('30 guesses from one IP interleaved with sign-ins to the attacker’s own account are still slowed', async () => {
    const ip = '10.8.0.1';
    const own = await deviceOf('clientadmin', ip);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await attempt(`victim${i}`, 'guess', ip)).statusCode);
      // The attacker's own device keeps signing in, and that does not wipe the IP's failures.
      expect((await attempt('clientadmin', 'demo1234', ip, own)).statusCode).toBe(200);
    }
    // Three free failures, the 4th starts the IP's wait: the other 26 guesses were never checked.
    expect(statuses).toEqual([...Array(4).fill(400), ...Array(26).fill(429)]);
    // Without its device mark, the attacker's own name waits too: the IP does.
    expect((await attempt('clientadmin', 'demo1234', ip)).statusCode).toBe(429);
  });

  it('a device that signed in before keeps signing in while strangers behind its IP are slowed', async () => {
    const ip = '10.9.0.1';
    const device = await deviceOf('buyer', ip);
    // Strangers behind the same IP (an office, a mobile network) guess buyer's password until the IP waits.
    for (let i = 0; i < 5; i++) await attempt('buyer', 'wrong', ip);
    expect((await attempt('buyer', 'demo1234', ip)).statusCode).toBe(429);
    expect((await attempt('buyer', 'demo1234', ip, device)).statusCode).toBe(200);
    // The mark is for buyer only, and a changed mark is no mark.
    expect((await attempt('clientadmin', 'demo1234', ip, device)).statusCode).toBe(429);
    expect((await attempt('buyer', 'demo1234', ip, `x${device}`)).statusCode).toBe(429);
    // The device's own failures are counted on it: past the free attempts it waits too.
    for (let i = 0; i < 4; i++) expect((await attempt('buyer', 'wrong', ip, device)).statusCode).toBe(400);
    const res = await attempt('buyer', 'demo1234', ip, device);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });
});
