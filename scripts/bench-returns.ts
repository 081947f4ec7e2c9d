// Returns benchmark (run by `npm run bench`): the refunds grid (customer and admin; default sort and each filter,
// first ten pages) at 1 and BENCH_CONNECTIONS (32) connections, the returnable-quantity check per line
// (getreturnablelines of a packing slip, divided by its lines; and comprobardevolucion of one line), and the
// server's RSS growth across one 10 MB evidence upload. Budgets (issue 13), large scale on PostgreSQL: grid
// p95 <= 50 ms, returnable check <= 2 ms per line, RSS growth < 20 MB for a 10 MB upload.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REFUNDS_GRID } from '@portal/contract/refunds';
import { accessToken, loadClient, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3311);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const LOADS = [...new Set([1, Number(process.env.BENCH_CONNECTIONS ?? 32)])];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-returns-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const tokens = { buyer: await accessToken(base, 'buyer'), admin: await accessToken(base, 'admin') };
const client = loadClient(base, Math.max(...LOADS));
async function get(url: string, token: string) {
  const res = await client.get(url, { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}
type Figures = { requests: number; p50: number; p95: number };
async function run(urls: string[], token: string, connections: number, total: number): Promise<Figures> {
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, total) }, async () => {
      while (n < total) {
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
const GRID = '/api/inrefund/getallheadersjqgrid';
const pages = (params: Record<string, string> = {}) =>
  Array.from(
    { length: 10 },
    (_, i) => `${GRID}?${new URLSearchParams({ ...params, page: String(i + 1), rows: '10' })}`,
  );

const variants: { name: string; params: Record<string, string> }[] = [{ name: 'default sort', params: {} }];
const sample = (await get(`${GRID}?rows=30`, tokens.buyer)).rows[3] ?? {};
for (const [field, column] of Object.entries(REFUNDS_GRID.columns)) {
  if (!column.filterable) continue;
  const value = sample[field];
  const rule =
    field === 'STATUS'
      ? { field, op: 'eq', data: '1' }
      : column.type === 'text'
        ? String(value ?? '').length >= 3
          ? { field, op: 'cn', data: String(value).slice(0, 3) }
          : { field, op: 'nn', data: '' }
        : column.type === 'number'
          ? { field, op: 'eq', data: String(value ?? 0) }
          : { field, op: 'ge', data: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10) };
  variants.push({
    name: `${field} ${rule.op} ${rule.data}`.trim(),
    params: { _search: 'true', filters: JSON.stringify({ groupOp: 'AND', rules: [rule] }) },
  });
}
const grid: { variant: string; who: string; records: number; at: Record<number, Figures> }[] = [];
for (const v of variants)
  for (const who of ['buyer', 'admin'] as const) {
    const first = await get(`${GRID}?${new URLSearchParams(v.params)}`, tokens[who]);
    const at: Record<number, Figures> = {};
    for (const c of LOADS) at[c] = await run(pages(v.params), tokens[who], c, c === 1 ? 40 : 10 * c);
    grid.push({ variant: v.name, who, records: first.records, at });
  }

// The returnable check: the buyer's newest 20 packing slips, all their lines at once, and one line alone.
const slips = (await get('/api/inpackingslip/getallheadersjqgrid?rows=20', tokens.buyer)).rows.map(
  (r: { PACKINGSLIPID: string }) => r.PACKINGSLIPID,
) as string[];
const perLine: number[] = [];
const single: number[] = [];
for (let round = 0; round < 3; round++)
  for (const slip of slips) {
    const t0 = performance.now();
    const lines = await get(`/api/inrefund/getreturnablelines?packingslipid=${encodeURIComponent(slip)}`, tokens.buyer);
    perLine.push((performance.now() - t0) / Math.max(1, lines.length));
    const t1 = performance.now();
    await get(`/api/inrefund/comprobardevolucion?packingslipid=${encodeURIComponent(slip)}&linenum=1`, tokens.buyer);
    single.push(performance.now() - t1);
  }
perLine.sort((a, b) => a - b);
single.sort((a, b) => a - b);

// RSS across one 10 MB evidence upload (a PDF: no thumbnail), into the buyer's cart line of ALBDV00001.
const add = await fetch(`${base}/api/inrefund/addarticletorefund`, {
  method: 'POST',
  body: JSON.stringify({ packingslipid: 'ALBDV00001', linenum: 1, motivo: 1, quantity: 1 }),
  headers: { authorization: `Bearer ${tokens.buyer}`, 'content-type': 'application/json' },
});
if (add.status !== 200) throw new Error(`add: ${add.status} ${await add.text()}`);
const lineId = ((await add.json()) as { id: number }).id;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const big = Buffer.alloc(10 * 1024 * 1024 - 4096, 0x20);
Buffer.from('%PDF-1.4\n').copy(big);
const boundary = '----benchreturns';
const body = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  big,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
const up = await fetch(`${base}/api/inrefund/AddFilesToRefund?lineid=${lineId}`, {
  method: 'POST',
  body,
  headers: { authorization: `Bearer ${tokens.buyer}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
});
clearInterval(sampler);
peak = Math.max(peak, rss());
if (up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
// The cart line goes again, so that the bench can run once more on the same database.
const removed = await fetch(`${base}/api/inrefund/deletefromcurrentcart/${lineId}`, {
  method: 'DELETE',
  headers: { authorization: `Bearer ${tokens.buyer}` },
});
if (removed.status !== 200) throw new Error(`remove: ${removed.status} ${await removed.text()}`);

client.close();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const f = (x: number) => x.toFixed(1);
console.log(`\nRefunds grid, first ten pages, database: ${dbUrl ? 'PostgreSQL' : 'PGlite (demo scale)'}`);
console.log(
  `| sort / filter | caller | records | ${LOADS.map((c) => `${c} conn. p50 ms | ${c} conn. p95 ms`).join(' | ')} |`,
);
console.log(`|---|---|---|${LOADS.map(() => '---|---|').join('')}`);
for (const r of grid)
  console.log(
    `| ${r.variant} | ${r.who} | ${r.records} | ${LOADS.map((c) => `${f(r.at[c]!.p50)} | ${f(r.at[c]!.p95)}`).join(' | ')} |`,
  );
const worst = grid.reduce((w, r) => (r.at[1]!.p95 > w.at[1]!.p95 ? r : w), grid[0]!);
console.log(
  `Worst one-user p95: ${f(worst.at[1]!.p95)} ms (${worst.variant}, ${worst.who}); budget 50 ms at large scale on PostgreSQL.`,
);
console.log(
  `Returnable check: p95 ${f(percentile(perLine, 95))} ms per line (whole slip), one line p95 ${f(percentile(single, 95))} ms; budget 2 ms per line.`,
);
console.log(`10 MB evidence upload: RSS ${f(before)} → peak ${f(peak)} MB (+${f(peak - before)} MB); budget < 20 MB.`);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results/bench-returns.json'),
  JSON.stringify(
    {
      grid,
      returnablePerLineP95: percentile(perLine, 95),
      singleLineP95: percentile(single, 95),
      rss: { before, peak },
    },
    null,
    2,
  ),
);
