import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
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
