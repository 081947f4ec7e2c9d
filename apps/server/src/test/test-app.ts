import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/seed.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';

/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL of TEST_DATABASE_URL when TEST_DB_KIND=postgres (dropped on close).
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({ memory: true });
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      // A test may have closed it already (to see the app without its database).
      await database.close().catch(() => undefined);
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
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
    ...env,
  });
  const app = await buildApp({ config, database, mailer, clock: clock.now, logger: false, extend });
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
