/**
 * What the posts area keeps in memory between requests (decision 0051): pages of the admins' posts grid, its counts,
 * and the dashboard's content per language. Both are forgotten on every change announced on CONTENT_CHANNEL (migration
 * 0031: posts, their texts, menus, zones, images) and on every write through the posts routes; nothing is kept
 * while this instance is not listening. The dashboard also changes with time (an event ends), so it is kept 5 s
 * at most (decision 0040).
 */
import type { postsGridResponse } from '@portal/contract/posts';
import type { z } from 'zod';
import type { Listening } from '../../db/client.ts';
import type { menusForZone } from '../../db/zone-menus.ts';
import { listenedCache } from '../../lib/listened-cache.ts';
import type { PostsRepository } from './posts.repository.ts';

/** The channel migration 0031 announces content changes on. */
export const CONTENT_CHANNEL = 'content_changed';

/** How long the dashboard's content of a language is shared by every reader at most (decision 0040). */
const DASHBOARD_SHARED_MS = 5000;
/** Grid pages kept: a page of ten posts is about 2 KB. */
const GRID_PAGES_KEPT = 500;

export type Dashboard = Awaited<ReturnType<PostsRepository['dashboard']>> & {
  menus: Awaited<ReturnType<typeof menusForZone>>;
};

export function postsKept(clock: () => Date) {
  const grids = listenedCache<z.infer<typeof postsGridResponse>>({ maxEntries: GRID_PAGES_KEPT });
  // The grid's counts per kind, language and filters: a page not kept yet then costs one statement, not two.
  const gridCounts = listenedCache<number>({ maxEntries: GRID_PAGES_KEPT });
  const dashboards = listenedCache<Dashboard>({
    maxEntries: 16,
    maxAgeMs: DASHBOARD_SHARED_MS,
    now: () => clock().getTime(),
  });
  const all = [grids, gridCounts, dashboards];
  return {
    grids,
    gridCounts,
    dashboards,
    forget() {
      for (const kept of all) kept.forget();
    },
    live(listening: boolean) {
      for (const kept of all) kept.live(listening);
    },
  };
}
export type PostsKept = ReturnType<typeof postsKept>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The listening to CONTENT_CHANNEL: `settled()` waits until changes committed so far are heard. */
    contentChanges: Listening;
  }
}
