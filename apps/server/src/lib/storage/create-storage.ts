import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { databaseStorage, sweepPendingUploads } from './database-storage.ts';
import { directoryStorage } from './directory-storage.ts';
import type { Storage } from './storage.ts';

/** The storage `STORAGE` names (decision 0024): `DATA_DIR/storage`, or the application's database. */
export async function createStorage(config: Config['storage'], database: Database): Promise<Storage> {
  if (config.kind === 'database') {
    await sweepPendingUploads(database.db);
    return databaseStorage(database.db);
  }
  return directoryStorage(config.dir);
}
