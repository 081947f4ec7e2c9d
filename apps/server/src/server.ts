import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { syncDictionaries } from './db/seed/dictionaries.ts';
import { seedDemo } from './db/seed/seed.ts';
import { builtInErpAdapter } from './modules/salesweb/erp-adapter.ts';
import { erpImportJob } from './modules/salesweb/erp-import.job.ts';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const applied = await migrate(database);
let seeded = false;
if (config.seedOnStart === 'demo') seeded = await seedDemo(database, { technicalFilesDir: config.technicalFilesDir });
else await syncDictionaries(database);
const app = await buildApp({ config, database });

let erpImport: { stop: () => Promise<void> } | null = null;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await erpImport?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Web orders go to the ERP in the background; the state is in web_orders, so a restart resumes (decision 0012).
if (config.erpImportIntervalSeconds > 0) {
  const job = erpImportJob({ db: database.db, adapter: builtInErpAdapter, log: app.log });
  erpImport = job.start(config.erpImportIntervalSeconds * 1000);
}
app.log.info(
  {
    db: database.kind,
    migrations: applied,
    seeded,
    readyMs: Math.round(performance.now() - started),
  },
  `portal ready on http://localhost:${config.port}`,
);
