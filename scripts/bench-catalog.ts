// Catalogue benchmark (run by `npm run bench`): getlist under 32 concurrent connections, per kind of search,
// against the bare SQL of the same searches from as many callers, on a pool like the server's searches' (issue 27), in the same run.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productListQuery } from '@portal/contract/catalog';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEFAULT_SEARCH_POOL_SIZE } from '../apps/server/src/config.ts';
import { POSTGRES_REUSED_SESSION_OPTIONS, statementName } from '../apps/server/src/db/client.ts';
import { articlePageSql } from '../apps/server/src/modules/catalog/catalog.repository.ts';
import { wordContainer, wordStreams } from '../apps/server/src/modules/catalog/catalog-search.ts';
import { accessToken, cpuMeter, loadClient, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dbUrl = process.env.BENCH_DATABASE_URL;
// PostgreSQL: 32 connections, as DESIGN §7 says. PGlite is one embedded connection serving one office:
// its latency is measured one request at a time (BENCH_PGLITE_CONNECTIONS to change that).
const connections = Number(process.env.BENCH_CONNECTIONS ?? (dbUrl ? 32 : (process.env.BENCH_PGLITE_CONNECTIONS ?? 1)));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cat-'));

async function run(worker: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const cpu = meter.start();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const t0 = performance.now();
        await worker(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const spent = cpu();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    cpu: {
      server: spent.server / latencies.length,
      database: spent.database / latencies.length,
      bench: spent.bench / latencies.length,
    },
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
});

// What each request costs the processors (server, database, the bench itself), whatever else runs.
const meter = cpuMeter(server.pid, dbUrl ? new URL(dbUrl).pathname.slice(1) : null);

// A signed-in buyer: the API computes prices and stock, as the bare SQL does.
const auth = { authorization: `Bearer ${await accessToken(base, 'buyer')}` };

// Query sets drawn from the data itself, the same for the API and the bare SQL.
const sample = async <T>(sqlText: string): Promise<T[]> => {
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const r = await c.query(sqlText);
    await c.end();
    return r.rows as T[];
  }
  return [];
};
type Params = Record<string, string>;
/** "pastillas bosch" → "pastllas bosch": the first word loses a letter in its middle. */
const typo = (words: string) => {
  const [first = '', ...rest] = words.split(' ');
  const at = Math.floor([...first].length / 2);
  return [[...first].filter((_, i) => i !== at).join(''), ...rest].join(' ');
};
/** Kinds measured through the API only: their bare SQL is more than one statement. */
const apiOnly = new Set(['free text, a typo']);
let sets: Record<string, Params[]>;
if (dbUrl) {
  const refs = await sample<{ r: string }>(
    `select substr(ref_norm, 2, 7) as r from articles tablesample system (1) limit 200`,
  );
  const oems = await sample<{ o: string }>(`select oem_norm as o from article_oem tablesample system (1) limit 200`);
  const euro = await sample<{ e: string }>(
    `select left(eurocode, 6) as e from articles where eurocode is not null and id % 97 = 1 limit 200`,
  );
  const veh = await sample<{ make_id: number; model_id: number; engine_id: number; family: string }>(
    `select f.make_id, f.model_id, f.engine_id, a.family_code as family from fitments f join articles a on a.id = f.article_id where f.engine_id is not null and f.article_id % 997 = 3 limit 200`,
  );
  const words = await sample<{ w: string }>(
    `select lower(split_part(description, ' ', 1)) || ' ' || lower(supplier) as w from articles where id % 4999 = 7 limit 200`,
  );
  sets = {
    reference: refs.map((x) => ({ searchbyreference: x.r })),
    'OEM code': oems.map((x) => ({ manufacturerrefOEM: x.o })),
    EUROCODE: euro.map((x) => ({ manufacturerrefEUROCODE: x.e })),
    'brand+model+engine+family': veh.map((x) => ({
      marca: String(x.make_id),
      modelo: String(x.model_id),
      motor: String(x.engine_id),
      familia: x.family,
    })),
    'brand+family': veh.map((x) => ({ marca: String(x.make_id), familia: x.family })),
    'free text': words.map((x) => ({ filter: x.w })),
    // The same words with a letter of the first one dropped: corrected against the vocabulary (decision 0068).
    'free text, a typo': words.map((x) => ({ filter: typo(x.w) })),
  };
} else {
  const get = async <T>(url: string) => (await (await fetch(`${base}${url}`)).json()) as T;
  type Products = {
    records: { ref_jumasa: string; eurocode: string; oem: string[]; descripcion: string; stw_Proveedor: string }[];
  };
  const page = (await get<Products>('/api/product/getlist?pageSize=100&familia=28')).records;
  const all = (await get<Products>('/api/product/getlist?pageSize=100')).records;
  const brands = await get<{ id: number }[]>('/api/product/getbrands/');
  sets = {
    reference: all.map((a) => ({ searchbyreference: a.ref_jumasa.slice(0, 8) })),
    'OEM code': all.flatMap((a) => a.oem.map((o) => ({ manufacturerrefOEM: o.replaceAll(' ', '') }))),
    EUROCODE: page.map((a) => ({ manufacturerrefEUROCODE: a.eurocode.slice(0, 6) })),
    'brand+family': brands.map((b, i) => ({ marca: String(b.id), familia: ['01', '24', '27', '28'][i % 4]! })),
    'free text': all.map((a) => ({ filter: `${a.descripcion.split(' ')[0]} ${a.stw_Proveedor}`.toLowerCase() })),
    'free text, a typo': all.map((a) => ({
      filter: typo(`${a.descripcion.split(' ')[0]} ${a.stw_Proveedor}`.toLowerCase()),
    })),
  };
}

const dialect = new PgDialect();
const client = loadClient(base, connections);
// As the server's pool of prepared searches: its settings (no JIT, their generic plan), its size, its connections
// kept open (DATABASE_SEARCH_POOL_SIZE, issue 27); the 32 callers queue for them as the API's requests do.
const searchPoolSize = Number(process.env.DATABASE_SEARCH_POOL_SIZE ?? DEFAULT_SEARCH_POOL_SIZE);
const pool = dbUrl
  ? new pg.Pool({
      connectionString: dbUrl,
      max: searchPoolSize,
      min: searchPoolSize,
      options: POSTGRES_REUSED_SESSION_OPTIONS,
    })
  : null;
const results: { kind: string; api: Awaited<ReturnType<typeof run>>; sql: Awaited<ReturnType<typeof run>> | null }[] =
  [];
// Warm-up, not measured: each search once through the API, on all connections at once (the server's code is
// compiled, its database connections are open and have prepared their statements, the index pages are in
// memory), as a server that has been up a while has them.
for (const queries of Object.values(sets)) {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < queries.length) {
        await client.get(`/api/product/getlist?${new URLSearchParams(queries[next++])}`, auth);
      }
    }),
  );
}
// The floor on this machine: a signed-in call that reads the caller and nothing else, under the same load.
// Whatever a search costs comes on top of it.
// Its bare SQL column is the database's floor: a prepared statement that reads nothing, on the same pool as the
// searches' bare SQL (a round trip, the executor's start and end, the driver).
const floorApi = await run(async () => {
  const res = await client.get('/api/account/getUser', auth);
  if (res.status !== 200) throw new Error(`getUser: ${res.status}`);
});
results.push({
  kind: 'floor: signed-in getUser (SQL: select 1)',
  api: floorApi,
  sql: pool
    ? await run(async () => {
        await pool.query({ name: 'bench_floor', text: 'select $1::int as one', values: [1] });
      })
    : null,
});
for (const [kind, queries] of Object.entries(sets)) {
  if (queries.length === 0) continue;
  const api = await run(async (i) => {
    const res = await client.get(`/api/product/getlist?${new URLSearchParams(queries[i % queries.length])}`, auth);
    if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${res.body}`);
  });
  let bare = null;
  if (pool && !apiOnly.has(kind)) {
    // The statement the API runs, prepared as it prepares it: the page with its prices, stock and count, and
    // free text through the same word postings.
    const containing = wordContainer(
      (await pool.query<{ word: string }>('select word from search_words')).rows.map((r) => r.word),
    );
    const statements = queries.map((q) => {
      const parsed = productListQuery.parse(q);
      return [dialect.sqlToQuery(articlePageSql(parsed, 'C00001', true, wordStreams(parsed, containing)))];
    });
    // Warm-up, not measured: each statement once, as the API's warm-up ran each search once.
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < statements.length) {
          for (const c of statements[next++]!)
            await pool.query({ name: statementName(c.sql), text: c.sql, values: c.params as unknown[] });
        }
      }),
    );
    bare = await run(async (i) => {
      for (const c of statements[i % statements.length]!) {
        await pool.query({ name: statementName(c.sql), text: c.sql, values: c.params as unknown[] });
      }
    });
  }
  results.push({ kind, api, sql: bare });
}
await pool?.end();
client.close();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const f = (x: number) => x.toFixed(1);
console.log(
  `\nCatalogue getlist, ${connections} connections, ${seconds} s per kind, database: ${dbUrl ? 'PostgreSQL' : 'PGlite (demo scale)'}`,
);
// Requests a second per kind (API and bare SQL): what one search costs the machine, beside its latency.
const perSecond = (n: number) => Math.round(n / seconds);
// CPU per request, in ms of one core: the server, the database's backends and the bench (load generator, driver).
// What a search costs, whatever else the machine runs; its latency under load follows from it and the cores.
const cpu = (c: { server: number; database: number; bench: number }) =>
  `${c.server.toFixed(2)} + ${c.database.toFixed(2)} + ${c.bench.toFixed(2)}`;
console.log(
  '| search | requests | req/s | p50 ms | p95 ms | p99 ms | CPU ms/req (server + db + bench) | bare SQL req/s | bare SQL p95 ms | bare SQL CPU ms/req (db + bench) | API/SQL p95 |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const ratio = r.sql ? f(r.api.p95 / r.sql.p95) : '—';
  const sqlCpu = r.sql ? `${r.sql.cpu.database.toFixed(2)} + ${r.sql.cpu.bench.toFixed(2)}` : '—';
  console.log(
    `| ${r.kind} | ${r.api.requests} | ${perSecond(r.api.requests)} | ${f(r.api.p50)} | ${f(r.api.p95)} | ${f(r.api.p99)} | ${cpu(r.api.cpu)} | ${r.sql ? perSecond(r.sql.requests) : '—'} | ${r.sql ? f(r.sql.p95) : '—'} | ${sqlCpu} | ${ratio} |`,
  );
}
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench-catalog.json'), JSON.stringify(results, null, 2));
