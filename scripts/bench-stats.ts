// Statistics benchmark (run by `npm run bench`): every statistics query (by period with each period code, by
// family, by model) over ranges up to two years, as an admin (every client, one client, one store) and as the buyer
// (their client). Budget (DESIGN §7), at 1,000,000 order lines on PostgreSQL: p95 <= 100 ms.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessToken, loadClient, percentile, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3317);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 40);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-stats-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const tokens = { buyer: await accessToken(base, 'buyer'), admin: await accessToken(base, 'admin') };
const client = loadClient(base, 1);

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const RANGES = [
  { name: '1 month', dateIni: day(30), dateEnd: day(0) },
  { name: '1 year', dateIni: day(364), dateEnd: day(0) },
  { name: '2 years', dateIni: day(729), dateEnd: day(0) },
];
const CALLS = [
  ...[1, 2, 3, 4].map((p) => ({
    name: `by date (periodo_cod ${p})`,
    path: 'GetStatsByDateJqGrid',
    extra: `&periodo_cod=${p}`,
  })),
  { name: 'by family', path: 'GetStatsByFamilyJqGrid', extra: '' },
  { name: 'by model', path: 'GetStatsByModelJqGrid', extra: '' },
];
const SCOPES = [
  { name: 'admin, every client', token: tokens.admin, extra: '' },
  { name: 'admin, client C00001', token: tokens.admin, extra: '&c_id=C00001' },
  { name: 'admin, store MAD01', token: tokens.admin, extra: '&almacen=MAD01' },
  { name: 'buyer (own client)', token: tokens.buyer, extra: '' },
];

let worst = 0;
console.log('\nStatistics (p95 budget 100 ms, one user)');
for (const scope of SCOPES) {
  for (const range of RANGES) {
    for (const c of CALLS) {
      const url = `/api/instats/${c.path}?dateIni=${range.dateIni}&dateEnd=${range.dateEnd}&rows=30${c.extra}${scope.extra}`;
      const latencies: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await client.get(url, { authorization: `Bearer ${scope.token}` });
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
        latencies.push(performance.now() - t0);
      }
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      worst = Math.max(worst, p95);
      console.log(
        `  ${scope.name.padEnd(22)} ${range.name.padEnd(8)} ${c.name.padEnd(24)} p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
      );
    }
  }
}
console.log(`  worst p95 ${worst.toFixed(1)} ms ${worst <= 100 ? '(within budget)' : '(OVER BUDGET)'}`);
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });
