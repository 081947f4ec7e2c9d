import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { scopedStorage } from '../../lib/storage/storage.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { createStorage } from '../storage/create-storage.ts';
import { seedImages } from './images.ts';
import { seedLibrary } from './library.ts';
import { attachDemoUserPictures } from './people.ts';
import { attachDemoPostImages } from './posts.ts';
import { type Scale, seedDemo } from './seed.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--scale');
const scale = (at >= 0 ? args[at + 1] : 'demo') as Scale;
if (scale !== 'demo' && scale !== 'large') {
  console.error('usage: npm run db:seed -- --scale demo|large');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const started = Date.now();
const seeded = await seedDemo(database, { scale, technicalFilesDir: config.technicalFilesDir });
// The gallery's demo images (10,000 rows at the large scale) go through the storage (decision 0025).
if (await seedImages(database, config.storage, scale)) console.log(`gallery images seeded (${scale})`);
if (await attachDemoPostImages(database.db)) console.log('demo posts given their pictures');
if (await attachDemoUserPictures(database.db)) console.log('demo users given their pictures');
// The file library's tree (and at large scale its folder of 5,000 files) goes through the storage.
const libraryStarted = Date.now();
const storage = await createStorage(config.storage, database);
if (await seedLibrary(database.db, scopedStorage(storage, 'library'), scale))
  console.log(`file library seeded (${scale}) in ${Date.now() - libraryStarted} ms`);
console.log(
  seeded ? `seeded (${scale}) and analysed in ${Date.now() - started} ms` : 'the database already holds demo data',
);
// seedDemo ends with ANALYZE. A bulk load also leaves the visibility map empty: index-only scans (the document
// grids' counts) need it set.
if (seeded) {
  const vacuumed = Date.now();
  await database.db.execute(sql`vacuum`);
  console.log(`vacuumed in ${Date.now() - vacuumed} ms`);
}
await database.close();
