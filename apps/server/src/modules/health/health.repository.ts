import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The one question the health check asks the database: does it answer (throws when it does not). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
