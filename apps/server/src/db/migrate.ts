import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { schemaMigrations } from './schema/schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const MIGRATION_LOCK = 727001;

/** Applies, in name order, every SQL file of db/migrations not yet recorded; each in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.execScript(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = await database.db.select({ id: schemaMigrations.id }).from(schemaMigrations);
    const applied = new Set(done.map((r) => r.id));
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const id = file.replaceAll("'", "''");
      await database.execScript(`${body}\n;insert into schema_migrations (id) values ('${id}');`);
      ran.push(file);
    }
    return ran;
  });
}
