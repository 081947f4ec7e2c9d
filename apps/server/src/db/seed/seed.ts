import type { Database } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';
import { seedContent } from './content.ts';
import { syncDictionaries } from './dictionaries.ts';
import { seedFoundation } from './foundation.ts';
import { createRng } from './prng.ts';

export type Scale = 'demo' | 'large';
export const SEED_LOCK = 727002;

const SCALES: Record<Scale, { clients: number }> = {
  demo: { clients: 60 },
  large: { clients: 2000 },
};

/**
 * Loads the demo data once (deterministic: seed 20261122). Later issues add their areas here.
 * Returns false when the database already holds it.
 */
export async function seedDemo(database: Database, scale: Scale = 'demo'): Promise<boolean> {
  return database.withLock(SEED_LOCK, async () => {
    await syncDictionaries(database);
    if (await getSetting(database.db, 'seed')) return false;
    const rng = createRng(20261122);
    await database.db.transaction(async (tx) => {
      await seedFoundation(tx, rng, SCALES[scale].clients);
      await seedContent(tx);
      await setSetting(tx, 'seed', scale);
    });
    return true;
  });
}
