import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_THROTTLE_FREE_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const attempt = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    ...form({ grant_type: 'password', username, password }),
  });

describe('sign-in throttling', () => {
  it('after the free attempts, further failures make the user name wait with growing delays', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('buyer2', 'wrong', `10.2.0.${i}`)).statusCode).toBe(400);
    // 4th failure (from yet another IP) starts a 1 s wait for that user name.
    expect((await attempt('buyer2', 'wrong', '10.2.0.10')).statusCode).toBe(400);
    const blocked = await attempt('buyer2', 'demo1234', '10.2.0.11');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json().error).toBe('too_many_attempts');
    t.clock.advance(1100);
    // 5th failure doubles the wait to 2 s.
    expect((await attempt('buyer2', 'wrong', '10.2.0.12')).statusCode).toBe(400);
    expect((await attempt('buyer2', 'demo1234', '10.2.0.13')).headers['retry-after']).toBe('2');
    // It is a delay, not a lockout: once it has passed, the right password signs in and resets the count.
    t.clock.advance(2100);
    expect((await attempt('buyer2', 'demo1234', '10.2.0.14')).statusCode).toBe(200);
    expect((await attempt('buyer2', 'wrong', '10.2.0.15')).statusCode).toBe(400);
    expect((await attempt('buyer2', 'demo1234', '10.2.0.16')).statusCode).toBe(200);
  });

  it('one IP guessing many user names is slowed down for every name', async () => {
    const ip = '10.3.0.1';
    for (const name of ['ana', 'luis', 'marta', 'pedro'])
      expect((await attempt(name, 'guess', ip)).statusCode).toBe(400);
    const res = await attempt('clientadmin', 'demo1234', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another IP is not affected.
    expect((await attempt('clientadmin', 'demo1234', '10.3.0.2')).statusCode).toBe(200);
  });

  it('forgets failures after an hour', async () => {
    for (let i = 0; i < 4; i++) await attempt('buyer', 'wrong', `10.4.0.${i}`);
    expect((await attempt('buyer', 'demo1234', '10.4.0.9')).statusCode).toBe(429);
    t.clock.advance(61 * 60_000);
    await attempt('buyer', 'wrong', '10.4.0.20');
    expect((await attempt('buyer', 'demo1234', '10.4.0.21')).statusCode).toBe(200);
  });
});
