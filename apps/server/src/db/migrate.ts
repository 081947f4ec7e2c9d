import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { schemaMigrations } from './schema/schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const MIGRATION_LOCK = 727001;

/** An applied migration whose file is no longer what was applied: the server does not start on it (decision 0085). */
export class MigrationChanged extends Error {
  constructor(
    readonly file: string,
    readonly recorded: string,
    readonly now: string,
  ) {
    super(
      `Migration ${file} was changed after it was applied (SHA-256 recorded ${recorded.slice(0, 12)}…, the file's ` +
        `now ${now.slice(0, 12)}…): put the file back as it was, and write the change as a new migration`,
    );
  }
}

/** The SHA-256 of a migration file's bytes, in hex. */
export const migrationChecksum = (body: Buffer): string => createHash('sha256').update(body).digest('hex');

/**
 * Applies, in name order, every SQL file of db/migrations not yet recorded, each in its own transaction, recording
 * the SHA-256 of the file as applied. First, each applied migration's file is compared with its checksum: a changed
 * one throws MigrationChanged (nothing is applied); one applied before checksums were kept gets its checksum now.
 * `dir`: another folder of migrations (tests).
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.execScript(
      `create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now());
       alter table schema_migrations add column if not exists checksum text;`,
    );
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const bodies = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f))]));
    const done = await database.db
      .select({ id: schemaMigrations.id, checksum: schemaMigrations.checksum })
      .from(schemaMigrations);
    // A migration applied whose file is gone is left alone: only a file that is there can be compared.
    for (const { id, checksum } of done) {
      const body = bodies.get(id);
      if (!body) continue;
      const now = migrationChecksum(body);
      if (checksum !== null && checksum !== now) throw new MigrationChanged(id, checksum, now);
    }
    const backfill = done.filter((r) => r.checksum === null && bodies.has(r.id));
    for (const { id } of backfill)
      await database.db
        .update(schemaMigrations)
        .set({ checksum: migrationChecksum(bodies.get(id)!) })
        .where(eq(schemaMigrations.id, id));
    const applied = new Set(done.map((r) => r.id));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const body = bodies.get(file)!;
      const id = file.replaceAll("'", "''");
      await database.execScript(
        `${body.toString('utf8')}\n;insert into schema_migrations (id, checksum) values ('${id}', '${migrationChecksum(body)}');`,
      );
      ran.push(file);
    }
    return ran;
  });
}
