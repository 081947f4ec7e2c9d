import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { freshDatabase } from '../test/test-app.ts';

/** Two instances of the portal on one database, as behind a load balancer. */
let apps: Awaited<ReturnType<typeof buildApp>>[] = [];
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  await migrate(fresh.database);
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', MAIL_INTERVAL_SECONDS: '0' });
  apps = [
    await buildApp({ config, database: fresh.database, logger: false }),
    await buildApp({ config, database: fresh.database, logger: false }),
  ];
});
afterAll(async () => {
  for (const app of apps) {
    await app.afterResponse.settled();
    await app.close();
  }
  await drop();
});

const forgot = (i: number, ip: string) =>
  apps[i]!.inject({
    method: 'POST',
    url: '/api/account/forgotpassword',
    payload: { userName: 'nadie' },
    remoteAddress: ip,
  });

describe('request limits shared by every instance', () => {
  it('counts the hits of one caller on both instances against one limit (10 a minute)', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await forgot(n % 2, '198.51.100.20')).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const eleventh = await forgot(0, '198.51.100.20');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('WARN_TooManyAttempts');
    expect((await forgot(1, '198.51.100.20')).statusCode).toBe(429);
    // Another caller, and another route of the same caller, count apart.
    expect((await forgot(1, '198.51.100.21')).statusCode).toBe(200);
    const other = await apps[0]!.inject({
      method: 'POST',
      url: '/api/account/checkpasswordlink',
      payload: { token: 'x'.repeat(43) },
      remoteAddress: '198.51.100.20',
    });
    expect(other.statusCode).toBe(400);
  });
});
