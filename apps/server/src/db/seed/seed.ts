import { sql } from 'drizzle-orm';
import type { Database, Db } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';
import { seedAccess } from './access.ts';
import { type CatalogScale, seedCatalog, writeTechnicalFiles } from './catalog.ts';
import { seedCheckout } from './checkout.ts';
import { seedContent } from './content.ts';
import { seedContentStructure } from './content-structure.ts';
import { syncDictionaries } from './dictionaries.ts';
import { seedDocSearch } from './doc-search.ts';
import { type ErpScale, seedErpHistory } from './erp-history.ts';
import { seedFoundation } from './foundation.ts';
import { seedIntegration } from './integration.ts';
import { seedLists } from './lists.ts';
import { seedMail } from './mail.ts';
import { seedMaps } from './maps.ts';
import { seedNotifications } from './notifications.ts';
import { seedPeople } from './people.ts';
import { seedPosts } from './posts.ts';
import { createRng, type Rng } from './prng.ts';
import { seedQuickOrder } from './quick-order.ts';
import { seedReturns } from './returns.ts';
import { seedRules } from './rules.ts';
import { seedStores } from './stores.ts';
import { seedSyncStats } from './sync-stats.ts';

export type Scale = 'demo' | 'large';
export const SEED_LOCK = 727002;

const SCALES: Record<Scale, { clients: number; catalog: CatalogScale; erp: ErpScale }> = {
  demo: {
    clients: 60,
    catalog: { models: 1500, articles: 20_000, plates: 2000, technicalFiles: 200, maxFitments: 10 },
    erp: { orders: 20_000, maxLines: 9, demoClientsPct: 10 },
  },
  large: {
    clients: 2000,
    catalog: { models: 1500, articles: 1_000_000, plates: 50_000, technicalFiles: 200, maxFitments: 5 },
    erp: { orders: 1_000_000, maxLines: 5, demoClientsPct: 2 },
  },
};

/** Demo data of later areas, seeded in this order. */
const AREAS: { name: string; rngSeed: number; seed: (db: Db, rng: Rng, scale: Scale) => Promise<void> }[] = [
  { name: 'checkout', rngSeed: 4, seed: (db, rng) => seedCheckout(db, rng) },
  // ERP history and historical web orders: after checkout (it uses its delivery modes and payment methods).
  { name: 'erp', rngSeed: 5, seed: (db, rng, scale) => seedErpHistory(db, rng, SCALES[scale].erp) },
  // The map of stores and points (issue 12): a point per store, and a few others.
  { name: 'maps', rngSeed: 12, seed: (db) => seedMaps(db) },
  // Returns: showcase packing slips and refunds in every step (issue 13; decision 0028): after the ERP history.
  { name: 'returns', rngSeed: 13, seed: (db, _rng, scale) => seedReturns(db, scale) },
  // People: users per client across ranks and roles, a banned user, a blocked client, stores (issue 14).
  { name: 'people', rngSeed: 14, seed: (db, rng, scale) => seedPeople(db, rng, scale) },
  // The sign-in log and the document download log (issue 14): after the users, whose names they carry.
  { name: 'access', rngSeed: 141, seed: (db, _rng, scale) => seedAccess(db, scale) },
  // Categories, zones, menus and FAQ packs (issue 15; decisions 0037, 0038).
  { name: 'content-structure', rngSeed: 15, seed: (db) => seedContentStructure(db) },
  // Posts: news, products, calendar events and the help page (issue 15; decision 0039): after the categories.
  { name: 'posts', rngSeed: 151, seed: (db, rng, scale) => seedPosts(db, rng, scale) },
  // Commercial rules: stock messages, payment methods per client, stores' calculation types (issue 16).
  { name: 'rules', rngSeed: 16, seed: (db) => seedRules(db) },
  // Stores' stock calculation types (issue 16; decision 0043).
  { name: 'stores', rngSeed: 163, seed: (db) => seedStores(db) },
  // Statistics (the lines' vehicles, the aggregates; large: 2 years of orders) and the sync history (issue 16).
  { name: 'sync-stats', rngSeed: 162, seed: (db, _rng, scale) => seedSyncStats(db, scale) },
  // Two dead mails for the outbox screen, and its menu entry in an older database (issue 22; decision 0053).
  { name: 'mail', rngSeed: 22, seed: (db) => seedMail(db) },
  // The integration clients screen's menu entry in an older database (issue 23; decision 0058).
  { name: 'integration', rngSeed: 23, seed: (db) => seedIntegration(db) },
  // An OEM code two articles share, which quick order asks about (issue 26; decision 0069).
  { name: 'quick-order', rngSeed: 26, seed: (db) => seedQuickOrder(db) },
  // Stock alerts and notifications for the bell: after the web orders and refunds they tell of (issue 26; 0075).
  { name: 'notifications', rngSeed: 261, seed: (db, _rng, scale) => seedNotifications(db, scale) },
  // Lists shared by a client's users, one locked; the side menu's entry in an older database (issue 26; 0080).
  { name: 'lists', rngSeed: 262, seed: (db, _rng, scale) => seedLists(db, scale) },
  // Job references on web order lines, found by the header's search (issue 26; 0081): after the web orders.
  { name: 'doc-search', rngSeed: 263, seed: (db, _rng, scale) => seedDocSearch(db, scale) },
];

export type SeedOptions = { scale?: Scale; technicalFilesDir?: string };

/**
 * Loads the demo data once (deterministic: seed 20261122). Later issues add their areas here.
 * Returns false when the database already holds it.
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<boolean> {
  const scale = options.scale ?? 'demo';
  return database.withLock(SEED_LOCK, async () => {
    await syncDictionaries(database);
    let seeded = false;
    if (!(await getSetting(database.db, 'seed'))) {
      const rng = createRng(20261122);
      await database.db.transaction(async (tx) => {
        await seedFoundation(tx, rng, SCALES[scale].clients);
        await seedContent(tx);
        await seedCatalog(tx, rng, SCALES[scale].catalog);
        await setSetting(tx, 'seed', scale);
      });
      if (options.technicalFilesDir) {
        await writeTechnicalFiles(database.db, options.technicalFilesDir, SCALES[scale].catalog.technicalFiles);
      }
      seeded = true;
    }
    // Areas added by later issues: each is seeded once, also into a database seeded before it existed.
    for (const area of AREAS) {
      if (await getSetting(database.db, `seed.${area.name}`)) continue;
      await database.db.transaction(async (tx) => {
        await area.seed(tx, createRng(area.rngSeed), scale);
        await setSetting(tx, `seed.${area.name}`, scale);
      });
      seeded = true;
    }
    // Planner statistics for what was just loaded: without them the plans are guesses (a large seed's document
    // grids took seconds instead of milliseconds), and PGlite, having no autovacuum, would never gather any.
    // A large seed is also vacuumed (decision 0068): a freshly loaded table has no visibility map, so every index-only
    // scan (word postings, reference pieces, a make's articles) fetched each row from the heap as well, until
    // autovacuum came by. VACUUM runs outside a transaction, as this statement does.
    if (seeded) await database.db.execute(scale === 'large' ? sql`vacuum analyze` : sql`analyze`);
    return seeded;
  });
}
