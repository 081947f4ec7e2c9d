import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const ran = await migrate(database);
console.log(ran.length ? `applied: ${ran.join(', ')}` : 'the database is up to date');
await database.close();
