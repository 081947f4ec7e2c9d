import { sql } from 'drizzle-orm';
import type { Database, Db } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';
import { type CatalogScale, seedCatalog, writeTechnicalFiles } from './catalog.ts';
import { seedCheckout } from './checkout.ts';
import { seedContent } from './content.ts';
import { syncDictionaries } from './dictionaries.ts';
import { type ErpScale, seedErpHistory } from './erp-history.ts';
import { seedFoundation } from './foundation.ts';
import { createRng, type Rng } from './prng.ts';

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
    if (seeded) await database.db.execute(sql`analyze`);
    return seeded;
  });
}
