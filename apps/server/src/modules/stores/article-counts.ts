/**
 * The article grid's counts kept in this instance (decision 0099): a million articles, and an admin paging through a
 * filter asked the same count of up to 1,001 matches again on every page (a common name fragment: 10–13 ms of the
 * database's time each, most of the grid's cost). Forgotten on every change announced on ARTICLES_CHANNEL (migration
 * 0054: the articles, and the stock, stores and web orders their availability reads); nothing is kept while this
 * instance is not listening.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Listening } from '../../db/client.ts';
import { type ListenedCache, listenedCache } from '../../lib/listened-cache.ts';

/** The channel migration 0054 announces changes of the articles and of what their availability reads on. */
export const ARTICLES_CHANNEL = 'articles_changed';

/** Counts kept: a key is a filter's SQL text and values, under a kilobyte. */
const COUNTS_KEPT = 500;

export type ArticleCounts = ListenedCache<number>;

/** The counts, kept while `database` tells this instance of every change of what they read (closed with `app`). */
export async function keptArticleCounts(app: FastifyInstance, database: Database): Promise<ArticleCounts> {
  const counts = listenedCache<number>({ maxEntries: COUNTS_KEPT });
  const changes = await database.listen(ARTICLES_CHANNEL, { notify: () => counts.forget(), live: counts.live });
  app.addHook('onClose', () => changes.close());
  app.decorate('articleChanges', changes);
  return counts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The listening to ARTICLES_CHANNEL: `settled()` waits until changes committed so far are heard. */
    articleChanges: Listening;
  }
}
