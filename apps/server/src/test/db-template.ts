import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { openDatabase, queryRows } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/seed.ts';

/**
 * The migrated, seeded demo database that test files and the browser journeys start from (decision 0018):
 * built once, then copied per test file (a PGlite data directory copied on /dev/shm; on PostgreSQL
 * `CREATE DATABASE … TEMPLATE`). A template is named after a hash of everything that shapes it (migrations,
 * schema, seed, the code the seed calls, the locked package versions), so a run reuses the template of an earlier
 * run only when none of that changed. Each copy still runs `migrate` and `seedDemo`, which are quick no-ops on it
 * (they would add a migration or dictionary text the hash missed).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// What the migrations and `seedDemo` read: the db folder and the modules it imports outside it.
const SHAPING = [
  'apps/server/src/db',
  'apps/server/src/lib/password-hash.ts',
  'apps/server/src/lib/sanitize.ts',
  'apps/server/src/lib/simple-pdf.ts',
  'packages/contract/src/brands.ts',
  'packages/contract/src/catalog.ts',
  'packages/contract/src/common.ts',
  'packages/contract/src/constants.ts',
  'package-lock.json',
];

function filesUnder(relative: string): string[] {
  const full = path.join(repoRoot, relative);
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(relative, name)));
}

/** 12 hex digits of the hash of the files that shape the demo database. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of SHAPING.flatMap(filesUnder).filter((f) => !f.endsWith('.test.ts'))) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Where PGlite templates and test copies live: memory (/dev/shm) when the machine has it. */
export function scratchRoot(): string {
  const root = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  return path.join(root, 'portal-tests');
}

/**
 * How long a template or a copy may stay untouched before it is taken for a leftover of a run that ended
 * (copies touch their template; a journeys' server copy lives as long as the journeys).
 */
const stale = (name: string) => (name.startsWith('e2e-') ? 3 * 3600_000 : 15 * 60_000);

/**
 * The data directory of the PGlite template (`<dir>/pglite` is the database, `<dir>/technical-files` the demo
 * technical files), built when missing. Built under a temporary name and renamed, so that two runs building it at
 * once never see half of one; leftovers of earlier runs are removed then.
 */
export async function ensurePgliteTemplate(key = templateKey()): Promise<string> {
  const root = scratchRoot();
  const dir = path.join(root, `template-${key}`);
  if (fs.existsSync(dir)) return touch(dir);
  fs.mkdirSync(root, { recursive: true });
  for (const name of fs.readdirSync(root)) {
    const other = path.join(root, name);
    if (name !== path.basename(dir) && Date.now() - fs.statSync(other).mtimeMs > stale(name))
      fs.rmSync(other, { recursive: true, force: true });
  }
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  let walInUse: string;
  try {
    await migrate(database);
    await seedDemo(database, { technicalFilesDir: path.join(building, 'technical-files') });
    const [row] = await queryRows(
      database.db,
      sql`select pg_walfile_name(pg_current_wal_insert_lsn()) as name`,
      z.object({ name: z.string() }),
    );
    walInUse = row!.name;
  } finally {
    await database.close();
  }
  dropPreallocatedWal(path.join(building, 'pglite', 'pg_wal'), walInUse);
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    // Another run finished the same template first: use theirs.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw error;
  }
  return dir;
}

/**
 * After the seed, PostgreSQL keeps about 30 spare WAL segments (480 MB) renamed ahead of the one in use, to recycle
 * them: every test file's copy would copy them for nothing. Once the database is shut down cleanly, a segment after
 * the one in use (and the next, where the shutdown checkpoint may have gone) holds no record; PostgreSQL makes new
 * segments when it needs them.
 */
function dropPreallocatedWal(walDir: string, inUse: string) {
  const segments = fs
    .readdirSync(walDir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .sort();
  const keepUpTo = segments.findIndex((name) => name > inUse) + 1;
  if (keepUpTo === 0) return;
  for (const name of segments.slice(keepUpTo)) fs.rmSync(path.join(walDir, name));
}

function touch(dir: string): string {
  const now = new Date();
  fs.utimesSync(dir, now, now);
  return dir;
}

/** A fresh copy of the PGlite template's database, in a directory of its own (removed by the caller). */
export function copyPgliteTemplate(template: string): string {
  touch(template);
  const dir = fs.mkdtempSync(path.join(scratchRoot(), 'copy-'));
  fs.cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of the PostgreSQL template database on the server of `adminUrl`, built when missing (under a
 * temporary name, then renamed). Finished templates of other keys are dropped when nobody uses them.
 */
export async function ensurePostgresTemplate(adminUrl: string, key = templateKey()): Promise<string> {
  const name = `portal_tpl_${key}`;
  const existing = await withAdmin(adminUrl, async (admin) => {
    const found = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^portal_tpl_[0-9a-f]{12}$'",
    );
    for (const { datname } of found.rows) {
      if (datname === name) continue;
      // In use by another run: it stays, and goes the next time.
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    return found.rows.some((r) => r.datname === name);
  });
  if (existing) return name;
  const building = `${name}_b${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${building}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), poolSize: 2 });
  try {
    await migrate(database);
    await seedDemo(database);
  } finally {
    await database.close();
  }
  await withAdmin(adminUrl, async (admin) => {
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building}`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
  return name;
}

/** A new database copied from the template; a copy started while another one is made is retried. */
export async function copyPostgresTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        // FILE_COPY copies the template's files (0.35 s for the 284 MB demo database) where PostgreSQL 15's default
        // writes it all to the WAL (0.7–1.6 s, and the WAL to write back later), once per test file.
        await admin.query(`create database ${name} template ${template} strategy file_copy`);
        return;
      } catch (error) {
        // 55006: "source database is being accessed by other users", while another file copies it.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 20));
      }
    }
  });
  return name;
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
