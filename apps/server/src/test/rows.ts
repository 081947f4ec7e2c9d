import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Rows of a raw SQL query, typed by the caller and **not checked**: a cast, for tests only. A test reads rows to
 * assert on them, and its assertions check what it read; production code parses every row it reads with a schema
 * (`queryRows(db, query, schema)`, decision 0093). `scripts/check-boundaries.mjs` keeps this file to `*.test.ts`
 * files and the test helpers of `test/`.
 */
export async function testRows<T = unknown>(db: Db, query: SQL): Promise<T[]> {
  const { rows } = (await db.execute(query)) as { rows: unknown[] };
  return rows as T[];
}
