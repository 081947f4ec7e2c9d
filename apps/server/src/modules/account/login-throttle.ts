import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/schema.ts';

/**
 * Sign-in throttling with growing delays, per IP and per user name (docs/decisions/0003).
 * After `freeAttempts` failures each further failure doubles the wait (1 s, 2 s, 4 s, ...) up to a cap;
 * failures older than the forget window are forgotten. Nothing here ever locks an account for good.
 */
export type ThrottleOptions = { freeAttempts: number; maxDelaySeconds: { ip: number; user: number } };

const FORGET_AFTER_MS = 60 * 60 * 1000;

export const throttleKeys = (ip: string, username: string) => ({
  ip: `ip:${ip}`,
  user: `user:${username.trim().toLowerCase()}`,
});

export function loginThrottleStore(db: Db, options: ThrottleOptions) {
  function delaySeconds(failures: number, cap: number): number {
    if (failures <= options.freeAttempts) return 0;
    return Math.min(cap, 2 ** (failures - options.freeAttempts - 1));
  }

  return {
    /** Seconds to wait before another attempt is accepted, 0 when free to try. */
    async retryAfter(keys: { ip: string; user: string }, now: Date): Promise<number> {
      const rows = await db
        .select({ blockedUntil: loginThrottle.blockedUntil })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [keys.ip, keys.user]));
      let wait = 0;
      for (const row of rows) {
        if (row.blockedUntil && row.blockedUntil > now) {
          wait = Math.max(wait, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000));
        }
      }
      return wait;
    },

    async recordFailure(keys: { ip: string; user: string }, now: Date): Promise<void> {
      const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
      for (const [kind, key] of [
        ['ip', keys.ip],
        ['user', keys.user],
      ] as const) {
        const cap = options.maxDelaySeconds[kind];
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
        const failures = rows[0]?.failures ?? 1;
        const wait = delaySeconds(failures, cap);
        if (wait > 0) {
          await db
            .update(loginThrottle)
            .set({ blockedUntil: new Date(now.getTime() + wait * 1000) })
            .where(sql`${loginThrottle.key} = ${key}`);
        }
      }
    },

    async clear(keys: { ip: string; user: string }): Promise<void> {
      await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys.ip, keys.user]));
    },
  };
}
export type LoginThrottleStore = ReturnType<typeof loginThrottleStore>;
