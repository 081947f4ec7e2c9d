import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/seed.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { copyPgliteTemplate, copyPostgresTemplate, databaseUrl, dropPostgresDatabase } from './db-template.ts';

/**
 * A fresh copy of the migrated and seeded demo database for one test file (decision 0018): the PGlite template
 * copied to a directory of its own by default, or, when TEST_DB_KIND=postgres, a throwaway database made from the
 * template on the PostgreSQL of TEST_DATABASE_URL. `empty: true` gives an empty database instead (for tests of
 * migrations and seeding). Removed or dropped by `drop`.
 */
export async function freshDatabase(
  options: { empty?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    if (options.empty) {
      const database = await openDatabase({ memory: true });
      return { database, drop: () => database.close().catch(() => undefined) };
    }
    const dir = copyPgliteTemplate(inject('pgliteTemplate'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      drop: async () => {
        await database.close().catch(() => undefined);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = options.empty
    ? await createEmptyDatabase(url)
    : await copyPostgresTemplate(url, inject('postgresTemplate'));
  const database = await openDatabase({ databaseUrl: databaseUrl(url, name), poolSize: 5 });
  return {
    database,
    drop: async () => {
      // A test may have closed it already (to see the app without its database).
      await database.close().catch(() => undefined);
      await dropPostgresDatabase(url, name);
    },
  };
}

async function createEmptyDatabase(url: string): Promise<string> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return name;
}

export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  mails: Mail[];
  close: () => Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => Promise<void> | void,
  onRoute?: (route: RouteOptions) => void,
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await migrate(database);
  await seedDemo(database);
  const clock = testClock();
  const mails: Mail[] = [];
  const mailer: Mailer = { outboxDir: null, send: async (mail) => void mails.push(mail) };
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web',
    MAIL_INTERVAL_SECONDS: '0',
    WEBHOOK_INTERVAL_SECONDS: '0',
    // The demo ERP's passes (send now, the web-order export) push no data changes unless a test asks (0074).
    DEMO_ERP_FEED_INTERVAL_SECONDS: '0',
    ...env,
  });
  // With SMTP_URL the app sends through that server (a test's own SMTP server); `mails` then stays empty.
  const app = await buildApp({
    config,
    database,
    ...(env.SMTP_URL ? {} : { mailer }),
    clock: clock.now,
    logger: false,
    extend,
    ...(onRoute ? { onRoute } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mails,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export async function signIn(app: FastifyInstance, username: string, password = 'demo1234', ip = '10.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number; userName: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** One call of an API test: the method, the URL and, for a write, its JSON body. */
export type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

/** Makes `c` as the signed-in user of `token`, or anonymously when null. */
export const callAs = (app: FastifyInstance, token: string | null, c: Call) =>
  app.inject({
    method: c.method,
    url: c.url,
    headers: token ? bearer(token) : {},
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });
