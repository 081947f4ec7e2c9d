import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { rateLimitRepository } from './rate-limit.repository.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildParams = Parameters<FastifyRateLimitStore['child']>[0];

/** How often (at most) an instance removes the rows of ended windows. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (decision 0052), like the sign-in throttle: every instance
 * counts the same hits, so a limit holds however many instances serve. One statement per hit: the window is the
 * database's clock, so instances whose clocks differ agree. The key is the route (method and declared path) and the
 * caller's address.
 */
export function pgRateLimitStore(db: Db) {
  const counters = rateLimitRepository(db);
  let lastSweep = 0;
  function sweep() {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    void counters.sweep().catch(() => {
      lastSweep = 0;
    });
  }

  return class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const id = `${this.prefix}${key}`;
      counters.hit(id, timeWindow).then(
        (row) => {
          sweep();
          callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow });
        },
        (error: Error) => callback(error),
      );
    }

    /** The store of one route (the plugin hands it the route as `routeInfo`): its hits are counted apart. */
    child(params: ChildParams) {
      const route = (params as ChildParams & { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new PgRateLimitStore(undefined, `${this.prefix}${method} ${route?.url ?? ''}|`);
    }
  };
}
