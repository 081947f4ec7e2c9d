// File library benchmark (run by `npm run bench`; decision 0027): a folder of 5,000 files listed by GET
// /api/infile/getfiles/, whole (psize 5,000) and as the web pages it (psize 500), on each storage kind (a folder
// under DATA_DIR, and the database). One user listing (1 connection) and 8 at once. Budget (issue 12): a folder of
// 5,000 files listed in <= 100 ms (p95).
//   BENCH_DATABASE_URL set: PostgreSQL (its library is seeded here if it has none); otherwise a fresh PGlite.
//   BENCH_FILES_STORAGE=directory|database: one kind only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { LARGE_FOLDER, LARGE_FOLDER_FILES, seedLargeFolder } from '../apps/server/src/db/seed/library.ts';
import { createStorage } from '../apps/server/src/db/storage/create-storage.ts';
import { scopedStorage } from '../apps/server/src/lib/storage/storage.ts';
import { accessToken, loadClient, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_FILES_PORT ?? 3316);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const kinds = (process.env.BENCH_FILES_STORAGE ? [process.env.BENCH_FILES_STORAGE] : ['directory', 'database']) as (
  | 'directory'
  | 'database'
)[];
const REQUESTS = Number(process.env.BENCH_FILES_REQUESTS ?? 60);
const BUDGET_MS = 100;

type Line = { storage: string; call: string; connections: number; requests: number; p50: number; p95: number };
const lines: Line[] = [];

for (const kind of kinds) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-files-${kind}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: dbUrl ?? '', STORAGE: kind };
  // The folder of 5,000 files, through the storage the server will use (the large scale of the library's seed).
  const seeding = performance.now();
  const config = loadConfig({ ...process.env, ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const storage = await createStorage(config.storage, database);
  const library = scopedStorage(storage, 'library');
  if ((await library.list(LARGE_FOLDER))?.length !== LARGE_FOLDER_FILES) await seedLargeFolder(library);
  await database.close();
  console.log(`${kind}: ${LARGE_FOLDER_FILES} files ready in ${Math.round(performance.now() - seeding)} ms`);

  const server = await startPortal(port, {
    ...env,
    SEED_ON_START: dbUrl ? 'none' : 'demo',
    ERP_IMPORT_INTERVAL_SECONDS: '0',
  });
  try {
    const token = await accessToken(base, 'buyer');
    const client = loadClient(base, 8);
    const folder = encodeURIComponent(LARGE_FOLDER);
    for (const [call, psize] of [
      ['whole folder (psize 5000)', 5000],
      ['first page (psize 500)', 500],
    ] as const) {
      const url = `/api/infile/getfiles/?id=${folder}&pindex=0&psize=${psize}`;
      const first = await client.get(url, { authorization: `Bearer ${token}` });
      const page = JSON.parse(first.body) as { total: number; items: unknown[] };
      if (first.status !== 200 || page.total !== LARGE_FOLDER_FILES || page.items.length !== psize)
        throw new Error(`${url}: ${first.status} total ${page.total} items ${page.items?.length}`);
      for (const connections of [1, 8]) {
        const times: number[] = [];
        let left = REQUESTS;
        await Promise.all(
          Array.from({ length: connections }, async () => {
            while (left-- > 0) {
              const t0 = performance.now();
              const res = await client.get(url, { authorization: `Bearer ${token}` });
              times.push(performance.now() - t0);
              if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
            }
          }),
        );
        times.sort((a, b) => a - b);
        lines.push({
          storage: kind,
          call,
          connections,
          requests: times.length,
          p50: Math.round(percentile(times, 50) * 10) / 10,
          p95: Math.round(percentile(times, 95) * 10) / 10,
        });
      }
    }
    client.close();
  } finally {
    await stopPortal(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nFile library: a folder of ${LARGE_FOLDER_FILES} files (${dbUrl ? 'PostgreSQL' : 'PGlite'}; budget p95 <= ${BUDGET_MS} ms)`,
);
console.log('| storage | call | connections | requests | p50 ms | p95 ms | within budget |');
console.log('|---|---|---|---|---|---|---|');
for (const l of lines)
  console.log(
    `| ${l.storage} | ${l.call} | ${l.connections} | ${l.requests} | ${l.p50} | ${l.p95} | ${l.p95 <= BUDGET_MS ? 'yes' : 'NO'} |`,
  );
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results/bench-files.json'),
  JSON.stringify({ budgetMs: BUDGET_MS, lines }, null, 2),
);
