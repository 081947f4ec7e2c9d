// Article grid benchmark (run by `npm run bench`; issue 16, decision 0043): GET /api/inarticle/GetArticlesJqGrid over
// the whole catalogue as an admin, the first ten pages with the default sort, each sort, and each filter (a `cn`
// fragment of a real row, a pattern that matches nothing, and each availability). Each line for one user paging
// (1 connection) and under load (BENCH_CONNECTIONS, default 32). Budgets (DESIGN §7): p95 <= 50 ms for one user,
// <= 200 ms with 32 connections, at the large scale on PostgreSQL.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database. BENCH_PORT (default 3318).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTICLES_GRID } from '@portal/contract/stores';
import { accessToken, loadClient, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3318);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const LOADS = [...new Set([1, Number(process.env.BENCH_CONNECTIONS ?? 32)])];
const BUDGET_MS: Record<number, number> = { 1: 50, 32: 200 };
const requestsAt = (connections: number) => (connections === 1 ? 40 : 10 * connections);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-articles-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const token = await accessToken(base, 'admin');
const client = loadClient(base, Math.max(...LOADS));
const URL_ = '/api/inarticle/GetArticlesJqGrid';

async function get(url: string) {
  const res = await client.get(url, { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as { records: number; rows: Record<string, unknown>[] };
}

type Figures = { requests: number; p50: number; p95: number };
async function run(urls: string[], connections: number): Promise<Figures> {
  const minRequests = requestsAt(connections);
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, minRequests) }, async () => {
      while (n < minRequests) {
        const url = urls[n++ % urls.length]!;
        const t0 = performance.now();
        await get(url);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const pages = (params: Record<string, string> = {}) =>
  Array.from(
    { length: 10 },
    (_, i) => `${URL_}?${new URLSearchParams({ ...params, page: String(i + 1), rows: '10' })}`,
  );
const filter = (field: string, op: string, data: string) => ({
  _search: 'true',
  filters: JSON.stringify({ groupOp: 'AND', rules: [{ field, op, data }] }),
});

const sample = (await get(`${URL_}?rows=30`)).rows[7] ?? {};
const variants: { name: string; params: Record<string, string> }[] = [{ name: 'default sort', params: {} }];
for (const [field, column] of Object.entries(ARTICLES_GRID.columns)) {
  if (column.sortable && field !== 'ITEMID') variants.push({ name: `sort ${field}`, params: { sidx: field } });
  if (!column.filterable) continue;
  if (column.type === 'text') {
    const text = String(sample[field] ?? '').slice(0, 4);
    variants.push({ name: `${field} cn ${text}`, params: filter(field, 'cn', text) });
    variants.push({ name: `${field} cn zqx (no match)`, params: filter(field, 'cn', 'zqx') });
  } else
    for (const a of [0, 1, 2, 3]) variants.push({ name: `${field} eq ${a}`, params: filter(field, 'eq', String(a)) });
}

const results: { variant: string; records: number; at: Record<number, Figures> }[] = [];
for (const variant of variants) {
  const first = await get(`${URL_}?${new URLSearchParams(variant.params)}`);
  const at: Record<number, Figures> = {};
  for (const c of LOADS) at[c] = await run(pages(variant.params), c);
  results.push({ variant: variant.name, records: first.records, at });
}
client.close();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const f = (x: number) => x.toFixed(1);
console.log(
  `\nArticle grid (admin), first ten pages, at ${LOADS.map((c) => `${c} connection(s)`).join(' and ')}, database: ${dbUrl ? 'PostgreSQL' : 'PGlite (demo scale)'}`,
);
console.log(`| sort / filter | records | ${LOADS.map((c) => `${c} conn. p50 ms | ${c} conn. p95 ms`).join(' | ')} |`);
console.log(`|---|---|${LOADS.map(() => '---|---|').join('')}`);
for (const r of results)
  console.log(
    `| ${r.variant} | ${r.records} | ${LOADS.map((c) => `${f(r.at[c]!.p50)} | ${f(r.at[c]!.p95)}`).join(' | ')} |`,
  );
for (const c of LOADS) {
  const worst = results.reduce((w, r) => (r.at[c]!.p95 > w.at[c]!.p95 ? r : w), results[0]!);
  console.log(
    `Worst p95 at ${c} connection(s): ${f(worst.at[c]!.p95)} ms (${worst.variant}); budget ${BUDGET_MS[c] ?? '-'} ms.`,
  );
}
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench-articles.json'), JSON.stringify(results, null, 2));
