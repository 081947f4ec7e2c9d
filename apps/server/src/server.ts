import { setFlagsFromString } from 'node:v8';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { listenAddress, listenPort } from './lib/public-url.ts';

/** The configuration, or one line per problem naming its variable and a non-zero exit, before anything opens. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) process.stderr.write(`Refusing to start: ${problem}\n`);
    process.exit(1);
  }
}

const started = performance.now();
const config = configOrExit();
// V8 lets its old generation grow to four times the live heap before a full collection when collecting looks cheap:
// while a million ERP rows stream through a feed, 100–140 MB of short-lived garbage (decision 0083). A smaller factor
// collects it sooner: the server's memory stays within some 25 MB of its resting size, at the same rows per second.
if (config.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
// Loaded once the configuration is accepted, so that a refused start answers at once.
const { buildApp } = await import('./app.ts');
const { openDatabaseOrExit } = await import('./db/open-or-exit.ts');
const { migrate, MigrationChanged } = await import('./db/migrate.ts');
const { syncDictionaries } = await import('./db/seed/dictionaries.ts');
const { seedDemo } = await import('./db/seed/seed.ts');
const database = await openDatabaseOrExit(config);
// An applied migration whose file changed since: one line naming it and exit 1, before anything else (decision 0085).
const applied = await migrate(database).catch(async (error: unknown) => {
  if (!(error instanceof MigrationChanged)) throw error;
  process.stderr.write(`Refusing to start: ${error.message}\n`);
  await database.close().catch(() => undefined);
  process.exit(1);
});
let seeded = false;
if (config.seedOnStart === 'demo') seeded = await seedDemo(database, { technicalFilesDir: config.technicalFilesDir });
else await syncDictionaries(database);
// The gallery's demo images go through the storage (a folder or the database; decision 0025).
const { seedImages } = await import('./db/seed/images.ts');
if (config.seedOnStart === 'demo') seeded = (await seedImages(database, config.storage)) || seeded;
// The demo posts get the gallery's pictures once it exists (decision 0039).
const { attachDemoPostImages } = await import('./db/seed/posts.ts');
if (config.seedOnStart === 'demo') seeded = (await attachDemoPostImages(database.db)) || seeded;
// Some demo users get a picture of the gallery (issue 14).
const { attachDemoUserPictures } = await import('./db/seed/people.ts');
if (config.seedOnStart === 'demo') seeded = (await attachDemoUserPictures(database.db)) || seeded;
const { createStorage } = await import('./db/storage/create-storage.ts');
const { scopedStorage } = await import('./lib/storage/storage.ts');
const { seedLibrary } = await import('./db/seed/library.ts');
const storage = await createStorage(config.storage, database);
// The file library's demo tree goes through the storage (a folder or the database: decision 0024).
if (config.seedOnStart === 'demo')
  seeded = (await seedLibrary(database.db, scopedStorage(storage, 'library'))) || seeded;
// The demo refunds' evidence files go through the storage too (issue 13).
const { seedReturnFiles } = await import('./db/seed/returns.ts');
if (config.seedOnStart === 'demo')
  seeded = (await seedReturnFiles(database.db, scopedStorage(storage, 'refunds'))) || seeded;
const app = await buildApp({ config, database, storage });

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

// Fastify logs every address it listens on (127.0.0.1 and each interface on 0.0.0.0): the start log names one, the
// ready line's, so that nobody browses at a host the portal does not announce (issue 25, decision 0076).
const level = app.log.level;
app.log.level = 'warn';
try {
  await app.listen({ port: config.port, host: config.host });
} finally {
  app.log.level = level;
}
// In demo mode the demo ERP client reads the events over HTTP and answers web orders and refunds through the feeds,
// every ERP_IMPORT_INTERVAL_SECONDS (decision 0067); its passes also push its data's changes through the feeds, at
// most every DEMO_ERP_FEED_INTERVAL_SECONDS (decision 0074). Outside it nothing marks a web order IMPORTED or a refund
// processed: a real ERP answers through the integration API (issue 23, decision 0057).
if (config.erpImportIntervalSeconds > 0 && app.demoErp)
  erpImport = app.demoErp.start(config.erpImportIntervalSeconds * 1000);
app.log.info(
  {
    db: database.kind,
    migrations: applied,
    seeded,
    readyMs: Math.round(performance.now() - started),
    // Whether the demo ERP client answers web orders and returns here (demo mode only; decision 0067).
    demoErp: erpImport !== null,
    // How often at most it pushes its data's changes through the feeds, in seconds (0: never; decision 0074).
    demoErpFeedSeconds: erpImport !== null ? config.demoErpFeedIntervalSeconds : 0,
    // The address people browse at, and that links and payment pages name, when it is not the listen address.
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  },
  `portal ready on ${listenAddress(config.host, listenPort(app, config.port))}${
    config.publicUrl ? `, browse at ${config.publicUrl}` : ''
  }`,
);
