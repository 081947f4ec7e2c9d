import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/schema.ts';

/** The sign-in throttle's counters (table login_throttle; decision 0003): what login-throttle.ts reads and writes. */
export function loginThrottleRepository(db: Db) {
  return {
    /**
     * Counts a failure on the key at `now`, starting again from 1 when its last failure is older than `forgetBefore`;
     * the key's failures after this one.
     */
    async countFailure(key: string, now: Date, forgetBefore: Date): Promise<number> {
      const rows = await db
        .insert(loginThrottle)
        .values({ key, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottle.failures} + 1 end`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: loginThrottle.failures });
      return rows[0]?.failures ?? 1;
    },

    /** The key waits until `until`. */
    async block(key: string, until: Date): Promise<void> {
      await db.update(loginThrottle).set({ blockedUntil: until }).where(sql`${loginThrottle.key} = ${key}`);
    },

    /** Until when each of the keys that has a counter waits (null: it does not). */
    async blockedUntil(keys: string[]): Promise<(Date | null)[]> {
      const rows = await db
        .select({ blockedUntil: loginThrottle.blockedUntil })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, keys));
      return rows.map((row) => row.blockedUntil);
    },

    /** Forgets the keys' counters. */
    async clear(keys: string[]): Promise<void> {
      await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
    },
  };
}
