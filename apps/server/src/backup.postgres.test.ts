import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { copyPostgresTemplate, databaseUrl, dropPostgresDatabase } from './test/db-template.ts';
import { multipart } from './test/images-fixtures.ts';
import { bearer, signIn } from './test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from './test/users.ts';

/**
 * The README's backup and restore (decision 0054), done as an operator would on PostgreSQL (this file runs in the
 * PostgreSQL run only): the demo data and a file kept in the database (STORAGE=database), `pg_dump -Fc`, `pg_restore`
 * into a new database, and the app started on the copy serves the same data and the same file.
 */
const server = process.env.TEST_DATABASE_URL!;
const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
const names: string[] = [];
afterAll(async () => {
  for (const name of names) await dropPostgresDatabase(server, name);
  fs.rmSync(dumpDir, { recursive: true, force: true });
});

/** The app on a database, as `npm start` runs it (migrations at start), the files in the database. */
async function appOn(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 3 });
  await migrate(database);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, STORAGE: 'database', WEB_DIST: '/nonexistent-web' });
  const app = await buildApp({ config, database, logger: false });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, database, close };
}

/** The customer and the admin of the test, made on the source before its dump: the copy has them too. */
const people = { buyer: '', admin: '' };

/** What a customer and an admin see: the buyer's orders and the library file's bytes. */
async function served(app: Awaited<ReturnType<typeof appOn>>['app']) {
  const buyer = bearer((await signIn(app, people.buyer, TEST_USER_PASSWORD)).access_token);
  const admin = bearer((await signIn(app, people.admin, TEST_USER_PASSWORD)).access_token);
  const orders = await app.inject({ method: 'GET', url: '/api/insales/getallheadersjqgrid?rows=30', headers: buyer });
  const file = await app.inject({
    method: 'GET',
    url: '/api/infile/getfile?fullPath=copia-de-seguridad.txt',
    headers: admin,
  });
  return {
    orders: orders.json() as { records: number; rows: unknown[] },
    file: file.rawPayload,
    status: file.statusCode,
  };
}

describe('a backup of the PostgreSQL database (pg_dump) restored into a new one', () => {
  it('serves the same data and files', async () => {
    const source = await copyPostgresTemplate(server, inject('postgresTemplate'));
    names.push(source);
    const bytes = Buffer.from(`Notas del almacén, ${new Date().toISOString()}\n`);
    const before = await appOn(databaseUrl(server, source));
    try {
      people.buyer = (await makeUser(before, 'plateBuyer')).username;
      const made = await makeUser(before, 'admin');
      people.admin = made.username;
      const admin = bearer(made.token);
      const body = multipart([{ name: 'notas.txt', content: bytes, type: 'text/plain' }]);
      const put = await before.app.inject({
        method: 'POST',
        url: '/api/infile/putfile?fullPath=copia-de-seguridad.txt',
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
      expect(put.statusCode, put.body).toBe(200);
    } finally {
      await before.close();
    }
    const original = await appOn(databaseUrl(server, source));
    const expected = await served(original.app).finally(original.close);
    expect(expected.status).toBe(200);
    expect(expected.file.equals(bytes)).toBe(true);
    expect(expected.orders.records).toBeGreaterThan(0);

    // The README's commands: a custom-format dump, a new database, pg_restore without the owners.
    const dump = path.join(dumpDir, 'portal.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl(server, source)]);
    const restored = `${source}_restored`;
    names.push(restored);
    execFileSync('psql', ['-q', '-c', `create database ${restored}`, server]);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${databaseUrl(server, restored)}`, dump]);

    const copy = await appOn(databaseUrl(server, restored));
    const got = await served(copy.app).finally(copy.close);
    expect(got.status).toBe(200);
    expect(got.file.equals(bytes)).toBe(true);
    expect(got.orders).toEqual(expected.orders);
  });
});
