import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { compiledProgram } from './test/compiled-program.ts';
import { bearer, signIn } from './test/test-app.ts';

/**
 * `npm run create-admin` (decision 0054) on an empty production database: PGlite's in a folder of its own, or, in
 * the PostgreSQL run, a throwaway database on TEST_DATABASE_URL. The real program runs, compiled as it is shipped; the
 * app then serves its link.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-create-admin-'));
const pgUrl = process.env.TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const dbName = `portal_create_admin_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
};
const databaseUrl = pgUrl ? Object.assign(new URL(pgUrl), { pathname: `/${dbName}` }).toString() : undefined;
const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example',
  REDSYS_MERCHANT_KEY: Buffer.from('a merchant key, private!').toString('base64'),
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { EMBEDDED_DB: 'true' }),
};

const program = compiledProgram('create-admin');
function createAdmin(...args: string[]) {
  return spawnSync(process.execPath, [...program, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...productionEnv },
  });
}

beforeAll(async () => {
  if (pgUrl) await admin(`create database ${dbName}`);
});
afterAll(async () => {
  if (pgUrl) await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run create-admin on an empty production database', () => {
  // The program runs once on the empty database, before the tests: each reads its outcome (the first its output,
  // the others the administrator it made), none leans on a test before it.
  let res: ReturnType<typeof createAdmin>;
  let link = '';
  beforeAll(() => {
    res = createAdmin('--username', 'jefa', '--email', 'jefa@portal.example');
    link = /^(https:\/\/portal\.example\/set-password\/[A-Za-z0-9_-]{43})$/m.exec(res.stdout)?.[1] ?? '';
  });

  it('migrates, creates the administrator and prints a one-time link on PUBLIC_URL', () => {
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    const match = /^(https:\/\/portal\.example\/set-password\/[A-Za-z0-9_-]{43})$/m.exec(res.stdout);
    expect(match).not.toBeNull();
  });

  it('refuses an existing user name (whatever its case), a bad e-mail address and missing options', () => {
    const taken = createAdmin('--username', 'JEFA', '--email', 'otra@portal.example');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toBe('create-admin: --username: a user "jefa" already exists\n');
    const badEmail = createAdmin('--username', 'otra', '--email', 'otra@portal');
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toBe('create-admin: --email: "otra@portal" is not an e-mail address\n');
    const missing = createAdmin('--username', 'otra');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('create-admin: usage: npm run create-admin -- --username NAME --email ADDRESS\n');
  });

  it('gives an administrator who chooses the password with the link, signs in and administers', async () => {
    const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
    const config = loadConfig({ ...productionEnv, WEB_DIST: '/nonexistent-web', MAIL_INTERVAL_SECONDS: '0' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const token = link.split('/').pop()!;
      const check = await app.inject({ method: 'POST', url: '/api/account/checkpasswordlink', payload: { token } });
      expect(check.json()).toEqual({ purpose: 'welcome', userName: 'jefa' });
      // No password works before the link is used.
      await expect(signIn(app, 'jefa', 'demo1234')).rejects.toThrow('sign-in of jefa failed: 400');
      const password = 'Una clave larga 2024!';
      const set = await app.inject({
        method: 'POST',
        url: '/api/account/setpassword',
        payload: { token, password, confirmPassword: password },
      });
      expect(set.statusCode).toBe(200);
      const signedIn = await signIn(app, 'jefa', password);
      const users = await app.inject({
        method: 'POST',
        url: '/api/inuser/GetUsersJqGrid',
        headers: bearer(signedIn.access_token),
        payload: {},
      });
      expect(users.statusCode).toBe(200);
      expect(users.json().rows.map((u: { username: string }) => u.username)).toEqual(['jefa']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
