import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { int } from '../db/rows.ts';

const hitRow = z.object({ hits: int, ttl: z.number() });

/** The shared rate limits' counters (table rate_limits; decision 0052): what rate-limit-store.ts reads and writes. */
export function rateLimitRepository(db: Db) {
  return {
    /**
     * Counts a hit on the key, in a window of `timeWindow` ms that starts again once ended (the database's clock); the
     * window's hits and the milliseconds left in it.
     */
    async hit(key: string, timeWindow: number): Promise<z.output<typeof hitRow> | undefined> {
      const [row] = await queryRows(
        db,
        sql`insert into rate_limits as r (key, hits, window_ends)
              values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
              window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
            returning hits, greatest(0, ceil(extract(epoch from r.window_ends - now()) * 1000))::float8 as ttl`,
        hitRow,
      );
      return row;
    },

    /** Removes the rows of windows that ended over a minute ago. */
    async sweep(): Promise<void> {
      await db.execute(sql`delete from rate_limits where window_ends < now() - interval '1 minute'`);
    },
  };
}
