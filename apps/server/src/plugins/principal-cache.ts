import type { Listening } from '../db/client.ts';
import type { PrincipalRow } from '../modules/account/account.repository.ts';

/** The channel migration 0011 announces every change of a caller on. */
export const PRINCIPAL_CHANNEL = 'principal_changed';

/**
 * The callers of signed-in requests, kept between requests while this instance listens to PRINCIPAL_CHANNEL
 * (docs/decisions/0014). A notification forgets the user ('u:<id>'), the users of a client ('c:<account>') or
 * everybody ('*'). While not listening (starting, connection lost) nothing is kept: every request loads its
 * caller. A load that was under way when any notification came is not kept, as it may predate the change.
 */
export function principalCache(load: (id: string) => Promise<PrincipalRow | null>, maxEntries = 10_000) {
  const rows = new Map<string, PrincipalRow>();
  let listening = false;
  let generation = 0;
  return {
    async get(id: string): Promise<PrincipalRow | null> {
      const kept = listening ? rows.get(id) : undefined;
      if (kept) return kept;
      const seen = generation;
      const row = await load(id);
      if (row && listening && seen === generation) {
        if (rows.size >= maxEntries) rows.delete(rows.keys().next().value!);
        rows.set(id, row);
      }
      return row;
    },

    changed(payload: string) {
      generation++;
      if (payload.startsWith('u:')) rows.delete(payload.slice(2));
      else if (payload.startsWith('c:')) {
        const client = payload.slice(2);
        for (const [id, row] of rows) if (row.clientId === client) rows.delete(id);
      } else rows.clear();
    },

    /** Listening started, or stopped: what was missed meanwhile is unknown, so start empty either way. */
    live(value: boolean) {
      generation++;
      rows.clear();
      listening = value;
    },

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
