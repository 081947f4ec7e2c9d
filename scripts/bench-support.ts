// Shared by the TypeScript benches: start the portal on a port and wait until it answers, sign in, percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import {
  copyPostgresTemplate,
  databaseUrl,
  dropPostgresDatabase,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  scratchRoot,
} from '../apps/server/src/test/db-template.ts';
import { ensureBuilt } from './built.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the compiled server, as `npm start` runs it (built first when its sources are newer), with the given
 * environment, and resolves once /api/health answers 200. Through tsx the server carried the transform's loader
 * thread and its caches: its memory was not the shipped program's.
 */
export async function startPortal(port: number, env: Record<string, string>): Promise<ChildProcess> {
  ensureBuilt(['server']);
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {}
    if (server.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopPortal(server: ChildProcess) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

export async function accessToken(base: string, username: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type BenchFigures = { title: string; requests: number; p50: number; p95: number; budget: number };

/**
 * `count` GETs of `url(i)` from `connections` callers at once through `client`, each of which must answer `status`:
 * their p50 and p95 against a budget (ms).
 */
export async function measureGets(
  client: ReturnType<typeof loadClient>,
  run: { title: string; budget: number; connections: number; count: number; url: (i: number) => string },
  headers: Record<string, string> = {},
  status = 200,
): Promise<BenchFigures> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: run.connections }, async () => {
      for (let i = next++; i < run.count; i = next++) {
        const started = performance.now();
        const res = await client.get(run.url(i), headers);
        times.push(performance.now() - started);
        if (res.status !== status) throw new Error(`${run.url(i)}: ${res.status} ${res.body.slice(0, 200)}`);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const { title, budget } = run;
  return { title, requests: times.length, p50: percentile(times, 50), p95: percentile(times, 95), budget };
}

/** The figures as a Markdown table, each row marked when over its budget. */
export function printFigures(what: string, results: BenchFigures[]) {
  console.log(`\n| ${what} | requests | p50 ms | p95 ms | budget p95 |`);
  console.log('|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.title} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.budget} ms${r.p95 > r.budget ? ' (over)' : ''} |`,
    );
}

/**
 * A lean HTTP client for load: keep-alive sockets (one per concurrent caller) and no decompression, so that
 * the load generator, which shares the cores with the server and the database, takes as little as it can.
 * Answers the status and the body.
 */
export function loadClient(base: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  return {
    get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const req = http.get({ agent, hostname, port, path: pathAndQuery, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * A throwaway copy of the demo test template for a bench: on the PostgreSQL server of BENCH_DATABASE_URL when it is
 * set, else a PGlite data directory. `env` points the portal at it; `open` gives a migrated connection for the
 * bench's own data; `remove` drops the copy.
 */
export async function templateCopy(name: string) {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), `bench-${name}-`));
  const pgAdmin = process.env.BENCH_DATABASE_URL;
  let url = '';
  let pgName = '';
  if (pgAdmin) {
    pgName = await copyPostgresTemplate(pgAdmin, await ensurePostgresTemplate(pgAdmin));
    url = databaseUrl(pgAdmin, pgName);
  } else {
    fs.cpSync(await ensurePgliteTemplate(), dataDir, { recursive: true });
  }
  return {
    dataDir,
    kind: pgAdmin ? 'PostgreSQL' : 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async open(): Promise<Database> {
      const database = await openDatabase(pgAdmin ? { databaseUrl: url, poolSize: 2 } : { dataDir });
      await migrate(database);
      return database;
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgAdmin) await dropPostgresDatabase(pgAdmin, pgName);
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 once it has gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100; // USER_HZ, 100 on every Linux this runs on

/** The PostgreSQL server processes serving a database on this machine (their titles name it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/**
 * What a run cost the machine's processors, split by who spent it: the portal's server process, the database's
 * backends serving `database` (none for PGlite, which runs inside the server) and this bench process (the load
 * generator and, for bare SQL, the driver). It grows on a loaded machine too (caches, shared cores), but far less
 * than latency under load, which is a queue, and the split says where a request's cost is.
 */
export function cpuMeter(serverPid: number | undefined, database: string | null) {
  const sample = () => {
    const backends = database ? backendsOf(database) : [];
    const usage = process.cpuUsage();
    return {
      server: serverPid ? processCpuMs(serverPid) : 0,
      database: new Map(backends.map((pid) => [pid, processCpuMs(pid)])),
      bench: (usage.user + usage.system) / 1000,
    };
  };
  return {
    start() {
      const before = sample();
      return () => {
        const after = sample();
        let database = 0;
        // A backend that was not there before counts from zero; one that has gone is lost (pools keep theirs).
        for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
        return { server: after.server - before.server, database, bench: after.bench - before.bench };
      };
    },
  };
}
