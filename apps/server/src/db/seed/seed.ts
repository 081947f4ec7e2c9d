import type { Database } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';
import { type CatalogScale, seedCatalog, writeTechnicalFiles } from './catalog.ts';
import { seedContent } from './content.ts';
import { syncDictionaries } from './dictionaries.ts';
import { seedFoundation } from './foundation.ts';
import { createRng } from './prng.ts';

export type Scale = 'demo' | 'large';
export const SEED_LOCK = 727002;

const SCALES: Record<Scale, { clients: number; catalog: CatalogScale }> = {
  demo: {
    clients: 60,
    catalog: { models: 1500, articles: 20_000, plates: 2000, technicalFiles: 200, maxFitments: 10 },
  },
  large: {
    clients: 2000,
    catalog: { models: 1500, articles: 1_000_000, plates: 50_000, technicalFiles: 200, maxFitments: 5 },
  },
};

export type SeedOptions = { scale?: Scale; technicalFilesDir?: string };

/**
 * Loads the demo data once (deterministic: seed 20261122). Later issues add their areas here.
 * Returns false when the database already holds it.
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<boolean> {
  const scale = options.scale ?? 'demo';
  return database.withLock(SEED_LOCK, async () => {
    await syncDictionaries(database);
    if (await getSetting(database.db, 'seed')) return false;
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
    return true;
  });
}
