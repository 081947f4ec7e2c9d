// Feeds benchmark (run by `npm run bench`; issue 23, decision 0060): rows per second of the stock and prices feeds sent
// as one NDJSON request each, and the server's RSS growth while one million stock rows go through one request.
// Budgets (DESIGN §7): >= 20,000 rows/s; RSS grows < 100 MB.
//   BENCH_DATABASE_URL set: that PostgreSQL database (the large scale: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a copy of the PGlite demo database. BENCH_FEED_ROWS (default 1,000,000) rows per feed: the stock rows
//   of the database, each with its quantity moved (so that every row is written), cycled when there are fewer.
//   Each feed is sent twice: moved (every row written), then back to the database's values (written again), so the
//   database is left as it was. BENCH_FEEDS (default `stock,prices`) chooses the feeds, BENCH_FEED_PRICE_ROWS the
//   prices' rows (default BENCH_FEED_ROWS).
//   `articles` (decision 0065; BENCH_FEED_ARTICLE_ROWS, default 50,000): new ITEMIDs created (2 OEM codes, 2 fitments
//   and a name in English each), the same rows again (unchanged), renamed (search text written again), then deleted.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { idRow, int } from '../apps/server/src/db/rows.ts';
import { sha256 } from '../apps/server/src/modules/account/token.service.ts';
import { integrationClientsRepository } from '../apps/server/src/modules/integration/integration-clients.repository.ts';
import { newClientSecrets } from '../apps/server/src/modules/integration/secrets.ts';
import { root, startPortal, stopPortal, templateCopy } from './bench-support.ts';

const port = Number(process.env.BENCH_FEEDS_PORT ?? 3317);
const base = `http://127.0.0.1:${port}`;
const total = Number(process.env.BENCH_FEED_ROWS ?? 1_000_000);
const priceTotal = Number(process.env.BENCH_FEED_PRICE_ROWS ?? total);
const which = (process.env.BENCH_FEEDS ?? 'stock,prices').split(',');
const dbUrl = process.env.BENCH_DATABASE_URL;
const copy = dbUrl ? null : await templateCopy('feeds');
const env = copy
  ? copy.env
  : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-feeds-')), DATABASE_URL: dbUrl! };

// The bench's own machine client, and the rows it sends (read before the server starts: PGlite has one process).
const database: Database = copy ? await copy.open() : await openDatabase({ databaseUrl: dbUrl!, poolSize: 2 });
if (!copy) await migrate(database);
const client = await integrationClientsRepository(database.db).create(
  { name: `bench feeds ${new Date().toISOString()}`, scopes: ['erp.feeds'], createdBy: null },
  newClientSecrets(sha256),
);
const stock = await queryRows(
  database.db,
  sql`select a.ref_jumasa as ref, s.store_id as store, s.quantity from stock s join articles a on a.id = s.article_id
       order by s.article_id, s.store_id limit ${total}`,
  z.object({ ref: z.string(), store: z.string(), quantity: int }),
);
const prices = await queryRows(
  database.db,
  sql`select a.ref_jumasa as ref, p.pv1d::text as pv1d from articles a join article_prices p on p.article_id = a.id
       order by a.id limit ${priceTotal}`,
  z.object({ ref: z.string(), pv1d: z.string() }),
);
const models = await queryRows(database.db, sql`select id from vehicle_models order by id limit 200`, idRow);
await database.close();

// As `npm start` runs it: two glibc memory arenas (the freed batches' memory is reused, not spread over arenas).
const server = await startPortal(port, {
  ...env,
  SEED_ON_START: 'none',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
});
const tokenRes = await fetch(`${base}/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.secret,
  }),
});
const { access_token: token } = (await tokenRes.json()) as { access_token: string };

function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

type Figures = {
  title: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssGrowthMb: number;
  answer: unknown;
};

/** Sends `rows` lines of NDJSON as one streamed request; the server's RSS is sampled while it runs. */
async function feed(title: string, name: string, count: number, line: (i: number) => string): Promise<Figures> {
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid!));
  }, 100);
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/integration/v1/feeds/${name}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${name}: ${res.statusCode} ${body.slice(0, 300)}`));
          else resolve(body);
        });
      },
    );
    req.on('error', reject);
    (async () => {
      for (let i = 0; i < count; i += 1000) {
        let chunk = '';
        for (let j = i; j < Math.min(count, i + 1000); j++) chunk += `${line(j)}\n`;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })().catch(reject);
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const { applied, unchanged, refused } = JSON.parse(answer) as Record<string, number>;
  return {
    title,
    rows: count,
    seconds,
    rowsPerSecond: Math.round(count / seconds),
    rssBeforeMb: Math.round(before),
    rssGrowthMb: Math.round(peak - before),
    answer: { applied, unchanged, refused },
  };
}

const results: Figures[] = [];
const P = stock.length;
// Row i moves pair i % P by 1 + its lap, so that no two rows of a batch share a key and every row is written.
const stockLine = (lap0: number) => (i: number) => {
  const s = stock[i % P]!;
  const lap = Math.floor(i / P);
  return JSON.stringify({ ITEMID: s.ref, INVENTLOCATIONID: s.store, AVAILPHYSICAL: s.quantity + lap0 + lap });
};
if (which.includes('stock')) {
  results.push(await feed('stock, quantities moved', 'stock', total, stockLine(1)));
  // The last P rows sent, again: each pair once, at the value it has now.
  const stockLast = total - Math.min(total, P);
  results.push(
    await feed('stock, the same rows again (unchanged)', 'stock', Math.min(total, P), (i) =>
      stockLine(1)(stockLast + i),
    ),
  );
  results.push(await feed('stock, back to the database’s values', 'stock', Math.min(total, P), stockLine(0)));
}
const N = prices.length;
const priceLine = (cents: number) => (i: number) => {
  const p = prices[i % N]!;
  const lap = Math.floor(i / N);
  return JSON.stringify({ ITEMID: p.ref, PV1D: (Number(p.pv1d) + (cents + lap) / 100).toFixed(2) });
};
if (which.includes('prices')) {
  results.push(await feed('prices, moved by a cent', 'prices', priceTotal, priceLine(1)));
  const pricesLast = priceTotal - Math.min(priceTotal, N);
  results.push(
    await feed('prices, the same rows again (unchanged)', 'prices', Math.min(priceTotal, N), (i) =>
      priceLine(1)(pricesLast + i),
    ),
  );
  results.push(await feed('prices, back to the database’s values', 'prices', Math.min(priceTotal, N), priceLine(0)));
}
const articleTotal = Number(process.env.BENCH_FEED_ARTICLE_ROWS ?? 50_000);
const FAMILIES = ['01', '02', '24', '25', '26', '27', '29'];
const articleLine =
  (name: string, extra: Record<string, unknown> = {}) =>
  (i: number) =>
    JSON.stringify({
      ITEMID: `BENCH-${i}`,
      ITEMNAME: `${name} ${i}`,
      NAMES: [{ LANGUAGEID: 'en', NAME: `Bench part ${i}` }],
      FAMILY: FAMILIES[i % FAMILIES.length],
      PROVEEDOR: 'Bench',
      PV1D: (10 + (i % 500) / 10).toFixed(2),
      OEM: [`BN${i} 615 ${i % 1000}`, `BQ-${i}-${i % 97}`],
      FITMENTS: [{ MODELID: models[i % models.length]!.id }, { MODELID: models[(i * 7 + 3) % models.length]!.id }],
      ...extra,
    });
if (which.includes('articles')) {
  results.push(await feed('articles, new', 'articles', articleTotal, articleLine('Pieza de banco')));
  results.push(
    await feed('articles, the same rows again (unchanged)', 'articles', articleTotal, articleLine('Pieza de banco')),
  );
  results.push(await feed('articles, renamed', 'articles', articleTotal, articleLine('Recambio de banco')));
  results.push(
    await feed('articles, deleted', 'articles', articleTotal, (i) =>
      JSON.stringify({ ITEMID: `BENCH-${i}`, _delete: true }),
    ),
  );
}
await stopPortal(server);
if (copy) await copy.remove();
else fs.rmSync(env.DATA_DIR, { recursive: true, force: true });

console.log(`\nFeeds (${dbUrl ? 'PostgreSQL' : 'PGlite demo'}; ${P} stock rows, ${N} articles in the database)`);
console.log(
  '| feed (NDJSON, one request) | rows | s | rows/s (budget >= 20,000) | server RSS before MB | RSS growth MB (budget < 100) | answer |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.title} | ${r.rows} | ${r.seconds.toFixed(1)} | ${r.rowsPerSecond}${r.rowsPerSecond < 20_000 ? ' (under)' : ''} | ${r.rssBeforeMb} | ${r.rssGrowthMb}${r.rssGrowthMb >= 100 ? ' (over)' : ''} | ${JSON.stringify(r.answer)} |`,
  );
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench-feeds.json'), JSON.stringify(results, null, 2));
