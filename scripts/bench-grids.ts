// Document grids benchmark (run by `npm run bench`): orders, invoices, packing slips and web orders in the
// jqGrid protocol. For each grid, the first ten pages with the default sort, and with each filterable column
// filtered (one rule built from the data, and a `cn` pattern that matches nothing), and the product filter;
// each as the buyer (one client's documents) and as an admin (every client's). Each line is measured for one user
// paging (1 connection) and under load (BENCH_CONNECTIONS, default 32, at once). Budgets (DESIGN §7), at 1M rows on
// PostgreSQL: p95 <= 50 ms for one user, <= 200 ms with 32 connections.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GridDefinition } from '@portal/contract/grids';
import { INVOICES_GRID, PACKING_SLIPS_GRID, SALES_GRID, WEB_ORDERS_GRID } from '@portal/contract/sales';
import { accessToken, loadClient, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3313);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const LOADS = [...new Set([1, Number(process.env.BENCH_CONNECTIONS ?? 32)])];
const BUDGET_MS: Record<number, number> = { 1: 50, 32: 200 };
/** Requests per line: BENCH_GRID_REQUESTS, else the ten pages four times for one user, ten per connection under load. */
const requestsAt = (connections: number) =>
  Number(process.env.BENCH_GRID_REQUESTS ?? 0) || (connections === 1 ? 40 : 10 * connections);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-grids-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const tokens = { buyer: await accessToken(base, 'buyer'), admin: await accessToken(base, 'admin') };

type Grid = { name: string; url: string; definition: GridDefinition; extra?: Record<string, string> };
const GRIDS: Grid[] = [
  { name: 'orders', url: '/api/insales/getallheadersjqgrid', definition: SALES_GRID },
  { name: 'invoices', url: '/api/ininvoice/getallheadersjqgrid', definition: INVOICES_GRID },
  { name: 'packing slips', url: '/api/inpackingslip/getallheadersjqgrid', definition: PACKING_SLIPS_GRID },
  { name: 'web orders', url: '/api/insalesweb/getallheadersjqgrid', definition: WEB_ORDERS_GRID },
];

const client = loadClient(base, Math.max(...LOADS));
async function get(url: string, token: string) {
  const res = await client.get(url, { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as { records: number; rows: Record<string, unknown>[] };
}

type Figures = { requests: number; p50: number; p95: number };

/** Runs the URLs round-robin on `connections` workers until `requestsAt(connections)` are done; latencies in ms. */
async function run(urls: string[], token: string, connections: number): Promise<Figures> {
  const minRequests = requestsAt(connections);
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, minRequests) }, async () => {
      while (n < minRequests) {
        const url = urls[n++ % urls.length]!;
        const t0 = performance.now();
        await get(url, token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** The figures of one line at each load, one user first. */
async function measure(urls: string[], token: string): Promise<Record<number, Figures>> {
  const at: Record<number, Figures> = {};
  for (const connections of LOADS) at[connections] = await run(urls, token, connections);
  return at;
}

const pages = (url: string, params: Record<string, string> = {}) =>
  Array.from({ length: 10 }, (_, i) => `${url}?${new URLSearchParams({ ...params, page: String(i + 1), rows: '10' })}`);

/** One rule per filterable column, its value taken from a row of the caller's first page. */
function ruleFor(field: string, type: string, row: Record<string, unknown>) {
  const value = row[field];
  if (type === 'text') {
    const text = String(value ?? '');
    return text.length >= 3 ? { field, op: 'cn', data: text.slice(0, 3) } : { field, op: 'nn', data: '' };
  }
  if (type === 'number') return { field, op: 'eq', data: String(value ?? 0) };
  if (type === 'bool') return { field, op: 'eq', data: 'false' };
  const day = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  return { field, op: 'ge', data: day };
}

const results: { grid: string; variant: string; who: string; records: number; at: Record<number, Figures> }[] = [];
for (const grid of GRIDS) {
  for (const who of ['buyer', 'admin'] as const) {
    const first = await get(`${grid.url}?rows=10`, tokens[who]);
    results.push({
      grid: grid.name,
      variant: 'default sort',
      who,
      records: first.records,
      at: await measure(pages(grid.url), tokens[who]),
    });
  }
  const sample = (await get(`${grid.url}?rows=30`, tokens.buyer)).rows[7] ?? {};
  const variants: { name: string; params: Record<string, string> }[] = [];
  for (const [field, column] of Object.entries(grid.definition.columns)) {
    if (!column.filterable) continue;
    const rule = ruleFor(field, column.type, sample);
    variants.push({
      name: `${field} ${rule.op} ${rule.data}`.trim(),
      params: { _search: 'true', filters: JSON.stringify({ groupOp: 'AND', rules: [rule] }) },
    });
    // A pattern nobody's data holds: without an index, the whole table would be read to find nothing.
    if (rule.op === 'cn')
      variants.push({
        name: `${field} cn zqx (no match)`,
        params: { _search: 'true', filters: JSON.stringify({ groupOp: 'AND', rules: [{ ...rule, data: 'zqx' }] }) },
      });
  }
  if (grid.name === 'invoices' || grid.name === 'packing slips')
    for (const product of ['BOS', 'amorti', 'zqx'])
      variants.push({ name: `filterProduct ${product}`, params: { filterProduct: product } });
  for (const variant of variants)
    for (const who of ['buyer', 'admin'] as const) {
      const first = await get(`${grid.url}?${new URLSearchParams(variant.params)}`, tokens[who]);
      results.push({
        grid: grid.name,
        variant: variant.name,
        who,
        records: first.records,
        at: await measure(pages(grid.url, variant.params), tokens[who]),
      });
    }
}
client.close();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const f = (x: number) => x.toFixed(1);
const loadName = (c: number) => `${c} conn.`;
console.log(
  `\nDocument grids, first ten pages, at ${LOADS.map((c) => `${c} connection(s) (${requestsAt(c)} requests per line)`).join(' and ')}, database: ${dbUrl ? 'PostgreSQL' : 'PGlite (demo scale)'}`,
);
console.log(
  `| grid | sort / filter | caller | records | ${LOADS.map((c) => `${loadName(c)} p50 ms | ${loadName(c)} p95 ms`).join(' | ')} |`,
);
console.log(`|---|---|---|---|${LOADS.map(() => '---|---|').join('')}`);
for (const r of results)
  console.log(
    `| ${r.grid} | ${r.variant} | ${r.who} | ${r.records} | ${LOADS.map((c) => `${f(r.at[c]!.p50)} | ${f(r.at[c]!.p95)}`).join(' | ')} |`,
  );
for (const c of LOADS) {
  const worst = results.reduce((w, r) => (r.at[c]!.p95 > w.at[c]!.p95 ? r : w), results[0]!);
  const budget = BUDGET_MS[c] ? `budget ${BUDGET_MS[c]} ms at 1M rows on PostgreSQL` : 'no budget at this load';
  console.log(
    `Worst p95 at ${c} connection(s): ${f(worst.at[c]!.p95)} ms (${worst.grid}, ${worst.variant}, ${worst.who}); ${budget}.`,
  );
}
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench-grids.json'), JSON.stringify(results, null, 2));
