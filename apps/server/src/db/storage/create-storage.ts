import type { Config } from '../../config.ts';
import { directoryStorage } from '../../lib/storage/directory-storage.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { Database } from '../client.ts';
import { databaseStorage, sweepPendingUploads } from './database-storage.ts';

/** The storage `STORAGE` names (decision 0024): `DATA_DIR/storage`, or the application's database. */
export async function createStorage(config: Config['storage'], database: Database): Promise<Storage> {
  if (config.kind === 'database') {
    await sweepPendingUploads(database.db);
    return databaseStorage(database.db);
  }
  return directoryStorage(config.dir);
}
