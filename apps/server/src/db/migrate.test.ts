import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testRows } from '../test/rows.ts';
import { freshDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { MigrationChanged, migrate } from './migrate.ts';

/**
 * The migrator keeps the SHA-256 of each migration file it applies and refuses to go on when an applied file has
 * changed (decision 0085). Each test has an empty database and a folder of small migrations of its own.
 */
let database: Database;
let drop: () => Promise<void>;
let dir: string;
beforeEach(async () => {
  ({ database, drop } = await freshDatabase({ empty: true }));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  write('0001_first.sql', 'create table mig_first (id int primary key);\n');
  write('0002_second.sql', 'create table mig_second (id int primary key);\ninsert into mig_second values (1);\n');
});
afterEach(async () => {
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
const sha256 = (file: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(dir, file)))
    .digest('hex');
const recorded = () =>
  testRows<{ id: string; checksum: string | null }>(
    database.db,
    sql`select id, checksum from schema_migrations order by id`,
  );
const tableExists = async (name: string) =>
  (await testRows(database.db, sql`select 1 from information_schema.tables where table_name = ${name}`)).length > 0;

describe('migration checksums', () => {
  it('records each applied file’s SHA-256, and starts again on unchanged files applying nothing', async () => {
    expect(await migrate(database, dir)).toEqual(['0001_first.sql', '0002_second.sql']);
    expect(await recorded()).toEqual([
      { id: '0001_first.sql', checksum: sha256('0001_first.sql') },
      { id: '0002_second.sql', checksum: sha256('0002_second.sql') },
    ]);
    expect(await migrate(database, dir)).toEqual([]);
    write('0003_third.sql', 'create table mig_third (id int);\n');
    expect(await migrate(database, dir)).toEqual(['0003_third.sql']);
    expect((await recorded()).at(-1)).toEqual({ id: '0003_third.sql', checksum: sha256('0003_third.sql') });
  });

  it('refuses, naming the file, when an applied migration changed; and applies nothing then', async () => {
    await migrate(database, dir);
    const before = sha256('0002_second.sql');
    write('0002_second.sql', 'create table mig_second (id int primary key);\ninsert into mig_second values (2);\n');
    write('0003_third.sql', 'create table mig_third (id int);\n');
    const refusal = await migrate(database, dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MigrationChanged);
    expect((refusal as MigrationChanged).file).toBe('0002_second.sql');
    expect((refusal as Error).message).toContain('Migration 0002_second.sql was changed after it was applied');
    expect((refusal as MigrationChanged).recorded).toBe(before);
    expect(await tableExists('mig_third')).toBe(false);
    expect((await recorded()).map((r) => r.id)).toEqual(['0001_first.sql', '0002_second.sql']);
  });

  it('records the checksums of a database migrated before they were kept, then holds it to them', async () => {
    // The migrator as it was: a table without checksums, each file run and its name recorded.
    await database.execScript(
      'create table schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    for (const file of ['0001_first.sql', '0002_second.sql'])
      await database.execScript(
        `${fs.readFileSync(path.join(dir, file), 'utf8')}\n;insert into schema_migrations (id) values ('${file}');`,
      );

    expect(await migrate(database, dir)).toEqual([]);
    expect(await recorded()).toEqual([
      { id: '0001_first.sql', checksum: sha256('0001_first.sql') },
      { id: '0002_second.sql', checksum: sha256('0002_second.sql') },
    ]);
    write('0001_first.sql', 'create table mig_first (id bigint primary key);\n');
    await expect(migrate(database, dir)).rejects.toThrow('Migration 0001_first.sql was changed after it was applied');
  });
});
