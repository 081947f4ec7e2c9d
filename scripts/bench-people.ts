// People grids benchmark (run by `npm run bench`; issue 14): the users grid (POST GetUsersJqGrid), the clients grid
// (GET GetClientesJqGrid) and both log grids (GetUserLogsJqGrid, GetLogDocumentsJqGrid; and a 10,000-row login log
// page), the first ten pages with the default sort and with each filter, as an admin (every user, every client) and
// the users grid as a client admin (one client's). Each line for one user paging (1 connection) and under load (BENCH_CONNECTIONS, default 32). Budgets (issue 14, DESIGN §7), large scale on PostgreSQL (50,000 users
// over 20,000 clients): p95 <= 50 ms for one user, <= 200 ms with 32 connections.
//   BENCH_DATABASE_URL set: PostgreSQL (seed it first: DATABASE_URL=… npm run db:seed -- --scale large);
//   otherwise a fresh PGlite demo database. BENCH_PEOPLE_PORT (default 3312).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { accessToken, percentile, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PEOPLE_PORT ?? 3312);
const dbUrl = process.env.BENCH_DATABASE_URL;
const LOADS = [...new Set([1, Number(process.env.BENCH_CONNECTIONS ?? 32)])];
const BUDGET_MS: Record<number, number> = { 1: 50, 32: 200 };
const requestsAt = (connections: number) => (connections === 1 ? 40 : 10 * connections);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-people-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const base = `http://127.0.0.1:${port}`;
const tokens = { admin: await accessToken(base, 'admin'), clientadmin: await accessToken(base, 'clientadmin') };
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...LOADS) });

type Call = { method: 'GET' | 'POST'; path: string; body?: string };
function send(call: Call, token: string): Promise<{ records: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        headers: { authorization: `Bearer ${token}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${call.path}: ${res.statusCode} ${body}`));
          else resolve(JSON.parse(body) as { records: number });
        });
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

type Figures = { p50: number; p95: number };
async function run(calls: Call[], token: string, connections: number): Promise<Figures> {
  const total = requestsAt(connections);
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (n < total) {
        const call = calls[n++ % calls.length]!;
        const t0 = performance.now();
        await send(call, token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const filters = (rules: object[]) => JSON.stringify({ groupOp: 'AND', rules });
const userPages = (extra: Record<string, unknown> = {}): Call[] =>
  Array.from({ length: 10 }, (_, i) => ({
    method: 'POST',
    path: '/api/inuser/GetUsersJqGrid',
    body: JSON.stringify({ page: i + 1, rows: 10, ...extra }),
  }));
const clientPages = (extra: Record<string, string> = {}): Call[] =>
  Array.from({ length: 10 }, (_, i) => ({
    method: 'GET',
    path: `/api/inclient/GetClientesJqGrid?${new URLSearchParams({ page: String(i + 1), rows: '10', ...extra })}`,
  }));
const logPages = (path: string, extra: Record<string, string> = {}): Call[] =>
  Array.from({ length: 10 }, (_, i) => ({
    method: 'GET',
    path: `${path}?${new URLSearchParams({ page: String(i + 1), rows: '10', ...extra })}`,
  }));
const USER_LOG = '/api/inuser/GetUserLogsJqGrid';
const DOCUMENT_LOG = '/api/insettings/GetLogDocumentsJqGrid';
const search = (rules: object[]) => ({ _search: true, filters: filters(rules) });
const searchQs = (rules: object[]) => ({ _search: 'true', filters: filters(rules) });

const lines: { name: string; who: 'admin' | 'clientadmin'; calls: Call[] }[] = [
  { name: 'users · default sort', who: 'admin', calls: userPages() },
  {
    name: 'users · username cn "ana"',
    who: 'admin',
    calls: userPages(search([{ field: 'username', op: 'cn', data: 'ana' }])),
  },
  {
    name: 'users · username cn "zqx" (none)',
    who: 'admin',
    calls: userPages(search([{ field: 'username', op: 'cn', data: 'zqx' }])),
  },
  {
    name: 'users · client_id eq C00001',
    who: 'admin',
    calls: userPages(search([{ field: 'client_id', op: 'eq', data: 'C00001' }])),
  },
  { name: 'users · username desc', who: 'admin', calls: userPages({ sidx: 'username', sord: 'desc' }) },
  { name: 'users · client admin, own client', who: 'clientadmin', calls: userPages() },
  { name: 'clients · default sort', who: 'admin', calls: clientPages() },
  {
    name: 'clients · NAME cn "garc"',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'NAME', op: 'cn', data: 'garc' }])),
  },
  {
    name: 'clients · NAME cn "zqx" (none)',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'NAME', op: 'cn', data: 'zqx' }])),
  },
  {
    name: 'clients · NOMCOMERCIAL cn "talle"',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'NOMCOMERCIAL', op: 'cn', data: 'talle' }])),
  },
  {
    name: 'clients · ACCOUNTNUM cn "0001"',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'ACCOUNTNUM', op: 'cn', data: '0001' }])),
  },
  {
    name: 'clients · ALMACEN eq ZAZ01',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'ALMACEN', op: 'eq', data: 'ZAZ01' }])),
  },
  {
    name: 'clients · BOQPEDIDO eq true',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'BOQPEDIDO', op: 'eq', data: 'true' }])),
  },
  {
    name: 'clients · BLOQTODO eq true',
    who: 'admin',
    calls: clientPages(searchQs([{ field: 'BLOQTODO', op: 'eq', data: 'true' }])),
  },
  { name: 'clients · NAME desc', who: 'admin', calls: clientPages({ sidx: 'NAME', sord: 'desc' }) },
  { name: 'login log · default sort (fecha desc)', who: 'admin', calls: logPages(USER_LOG) },
  ...(
    [
      ['username', 'cn', 'ana'],
      ['client_id', 'eq', 'C00001'],
      ['message_Cod', 'eq', '2'],
      ['fecha', 'ge', '2026-01-01'],
      ['ipaddress', 'bw', '198.51.'],
      ['machinename', 'cn', 'zqx'],
      ['useragent', 'cn', 'Firefox'],
      ['data', 'cn', 'password'],
    ] as const
  ).map(([field, op, data]) => ({
    name: `login log · ${field} ${op} "${data}"`,
    who: 'admin' as const,
    calls: logPages(USER_LOG, searchQs([{ field, op, data }])),
  })),
  { name: 'login log · username asc', who: 'admin', calls: logPages(USER_LOG, { sidx: 'username', sord: 'asc' }) },
  { name: 'document log · default sort (Fecha desc)', who: 'admin', calls: logPages(DOCUMENT_LOG) },
  ...(
    [
      ['Document_Id', 'cn', '0001'],
      ['Document_Type', 'eq', '2'],
      ['Extension_Cod', 'eq', '1'],
      ['Fecha', 'ge', '2026-01-01'],
      ['UserName', 'cn', 'buyer'],
      ['Client_Id', 'eq', 'C00001'],
      ['Log_Cod', 'eq', '0'],
    ] as const
  ).map(([field, op, data]) => ({
    name: `document log · ${field} ${op} "${data}"`,
    who: 'admin' as const,
    calls: logPages(DOCUMENT_LOG, searchQs([{ field, op, data }])),
  })),
];

console.log(
  `\npeople grids (${dbUrl ? 'PostgreSQL' : 'PGlite demo'}), p50 / p95 ms; budget p95 <= 50 (1 conn.), <= 200 (32)`,
);
let worst = { name: '', p95: 0 };
for (const line of lines) {
  const first = await send(line.calls[0]!, tokens[line.who]);
  const figures: string[] = [];
  for (const connections of LOADS) {
    const at = await run(line.calls, tokens[line.who], connections);
    const over = at.p95 > (BUDGET_MS[connections] ?? 200) ? ' OVER' : '';
    figures.push(`${connections} conn. ${at.p50.toFixed(1)} / ${at.p95.toFixed(1)}${over}`);
    if (connections === 1 && at.p95 > worst.p95) worst = { name: line.name, p95: at.p95 };
  }
  console.log(`  ${line.name.padEnd(40)} ${String(first.records).padStart(6)} rows  ${figures.join('   ')}`);
}
console.log(`  worst one-user p95: ${worst.name} ${worst.p95.toFixed(1)} ms`);

// A 10,000-row page of the login log, read whole by one admin (issue 14: <= 1 s), five times.
const bigPage: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const page = await send({ method: 'GET', path: `${USER_LOG}?page=${i + 1}&rows=10000` }, tokens.admin);
  bigPage.push(performance.now() - t0);
  if (i === 0) console.log(`  login log · 10,000-row pages of ${page.records} rows`);
}
bigPage.sort((a, b) => a - b);
console.log(
  `  login log · one 10,000-row page: median ${percentile(bigPage, 50).toFixed(0)} ms, worst ${bigPage.at(-1)!.toFixed(0)} ms (budget <= 1000)`,
);
agent.destroy();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });
