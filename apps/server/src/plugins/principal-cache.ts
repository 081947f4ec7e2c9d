import type { Listening } from '../db/client.ts';
import { listenedCache } from '../lib/listened-cache.ts';
import type { PrincipalRow } from './principal.ts';

/** The channel migration 0011 announces every change of a caller on. */
export const PRINCIPAL_CHANNEL = 'principal_changed';

/**
 * The callers of signed-in requests, kept between requests while this instance listens to PRINCIPAL_CHANNEL
 * (docs/decisions/0014). A notification forgets the user ('u:<id>'), the users of a client ('c:<account>') or
 * everybody ('*'). While not listening (starting, connection lost) nothing is kept: every request loads its
 * caller. A load that was under way when any notification came is not kept, as it may predate the change
 * (lib/listened-cache.ts).
 */
export function principalCache(load: (id: string) => Promise<PrincipalRow | null>, maxEntries = 10_000) {
  const rows = listenedCache<PrincipalRow | null>({ maxEntries });
  return {
    get: (id: string): Promise<PrincipalRow | null> =>
      rows.get(
        id,
        () => load(id),
        (row) => row !== null,
      ),

    changed(payload: string) {
      if (payload.startsWith('u:')) {
        const user = payload.slice(2);
        rows.forget((id) => id === user);
      } else if (payload.startsWith('c:')) {
        const client = payload.slice(2);
        rows.forget((_, row) => row?.clientId === client);
      } else rows.forget();
    },

    live: (value: boolean) => rows.live(value),

    get size() {
      return rows.size;
    },
  };
}
export type PrincipalCache = ReturnType<typeof principalCache>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The listening to PRINCIPAL_CHANNEL: `settled()` waits until changes committed so far are heard. */
    principalChanges: Listening;
  }
}
