// `npm run bench`: measures start-up (first start with the demo seed, then a warm restart) and the latency
// of authenticated calls under load (autocannon, 32 connections). Prints a table and writes
// test-results/bench.json. Budgets (DESIGN §7) are reported here, never asserted by unit tests.
//   BENCH_DATABASE_URL=postgres://…  runs the server on PostgreSQL instead of PGlite.
//   `npm run bench -- lighthouse`       only Lighthouse on /login, mobile (scripts/bench-lighthouse.mjs), and the
//                                       requests of signed-in pages (scripts/measure-requests.mjs; both need
//                                       `npm run build`; PGlite) and the JS /login loads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

if (process.argv[2] === 'lighthouse') {
  const login = spawnSync(process.execPath, ['scripts/measure-login-js.mjs'], { cwd: root, stdio: 'inherit' });
  const lighthouse = spawnSync(process.execPath, ['scripts/bench-lighthouse.mjs'], { cwd: root, stdio: 'inherit' });
  const requests = spawnSync(process.execPath, ['scripts/measure-requests.mjs'], { cwd: root, stdio: 'inherit' });
  process.exit(login.status || lighthouse.status || requests.status || 0);
}
const port = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
// Start-up is measured on the embedded database (what `npm start` uses); the load on PostgreSQL when
// BENCH_DATABASE_URL is set.
const embedded = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
const loadEnv = { ...embedded, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };

function startServer(env = embedded) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited during start-up');
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return { child, ready };
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function load(title, options) {
  const result = await autocannon({ url: base, connections: 32, duration, ...options });
  return {
    title,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const results = { db: loadEnv.DATABASE_URL ? 'postgres' : 'pglite', runs: [] };
let server = startServer();
results.firstStartMs = Math.round(await server.ready);
await stop(server.child);
server = startServer();
results.warmStartMs = Math.round(await server.ready);
if (loadEnv.DATABASE_URL) {
  await stop(server.child);
  server = startServer(loadEnv);
  await server.ready;
}

const tokenRes = await fetch(`${base}/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=password&username=buyer&password=demo1234',
});
const { access_token } = await tokenRes.json();
const auth = { authorization: `Bearer ${access_token}` };

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(server.child.pid));
}, 200);
results.runs.push(
  await load('GET /api/account/getUser (auth + principal load)', { path: '/api/account/getUser', headers: auth }),
);
results.runs.push(await load('GET /api/innavmenu/getnavmenu', { path: '/api/innavmenu/getnavmenu', headers: auth }));
results.runs.push(await load('GET /api/common/langs/es (whole dictionary)', { path: '/api/common/langs/es' }));
clearInterval(sampler);
results.peakRssMb = Math.round(peakRss);
await stop(server.child);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nnpm start to ready (PGlite): first start with demo seed ${results.firstStartMs} ms, warm restart ${results.warmStartMs} ms`,
);
console.log(`Load runs on: ${results.db}`);
console.log(`Peak server RSS under load: ${results.peakRssMb} MB`);
console.log('\n| call | requests | req/s | p50 ms | p97.5 ms | p99 ms | non-2xx |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results.runs)
  console.log(`| ${r.title} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.non2xx} |`);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));

// The JS that /login loads (budget 300 KB gzip), from the built web app.
if (fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
  spawnSync(process.execPath, ['scripts/measure-login-js.mjs'], { cwd: root, stdio: 'inherit' });
  // Lighthouse on /login, mobile (budget: Performance >= 90, Accessibility 100).
  spawnSync(process.execPath, ['scripts/bench-lighthouse.mjs'], { cwd: root, stdio: 'inherit' });
  // Requests to open signed-in pages from a cold cache (issue 25; decision 0073).
  spawnSync(process.execPath, ['scripts/measure-requests.mjs'], { cwd: root, stdio: 'inherit' });
} else {
  console.log('\n(/login JS size: build the web app first: npm run build)');
}

// The catalogue searches (PostgreSQL large scale when BENCH_DATABASE_URL is set, else PGlite demo).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-catalog.ts'], { cwd: root, stdio: 'inherit' });

// Checkout of a 50-line cart over 3 stores, on PostgreSQL (a throwaway database unless
// BENCH_CHECKOUT_DATABASE_URL names one).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-checkout.ts'], { cwd: root, stdio: 'inherit' });

// The document grids: orders, invoices, packing slips, web orders (PostgreSQL large scale when
// BENCH_DATABASE_URL is set, else PGlite demo).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-grids.ts'], { cwd: root, stdio: 'inherit' });

// Statistics over up to two years (issue 16; PostgreSQL large scale when BENCH_DATABASE_URL is set, else PGlite demo).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-stats.ts'], { cwd: root, stdio: 'inherit' });

// The image gallery: pages over 10,000 images, thumbnails, and the RSS growth of a 20 × 5 MB upload (issue 12).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-images.ts'], { cwd: root, stdio: 'inherit' });

// The file library: a folder of 5,000 files listed, on both storage kinds (PostgreSQL when BENCH_DATABASE_URL is
// set, else PGlite).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-files.ts'], { cwd: root, stdio: 'inherit' });

// The people grids: users and clients, default sort and each filter (issue 14; PostgreSQL large scale when
// BENCH_DATABASE_URL is set: 50,000 users over 20,000 clients).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-people.ts'], { cwd: root, stdio: 'inherit' });

// The article grid of /setting/article: the whole catalogue, each sort and filter, as an admin (issue 16; decision
// 0043; PostgreSQL large scale when BENCH_DATABASE_URL is set).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-articles.ts'], { cwd: root, stdio: 'inherit' });

// Returns: the refunds grid, the returnable check per line, and the RSS across a 10 MB evidence upload (issue 13;
// PostgreSQL large scale when BENCH_DATABASE_URL is set: 100,000 refunds with 250,000 lines).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-returns.ts'], { cwd: root, stdio: 'inherit' });

// Posts: the admins' grid at 10,000 posts and the dashboard's content call (issue 15; decisions 0039, 0040).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-posts.ts'], { cwd: root, stdio: 'inherit' });

// Content trees: a category tree of 500 nodes reorganised and posted whole (issue 15; decision 0037).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-tree.ts'], { cwd: root, stdio: 'inherit' });

// The ERP's feeds: rows per second of stock and prices as NDJSON, one request each, and the server's RSS growth for
// one million stock rows (issue 23; decision 0060; PostgreSQL large scale when BENCH_DATABASE_URL is set).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-feeds.ts'], { cwd: root, stdio: 'inherit' });

// Webhook deliveries per second to a local receiver, 5,000 events over 1,000 objects (issue 23; decision 0059; on
// PostgreSQL when BENCH_DATABASE_URL is set, else an in-memory PGlite).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-webhooks.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
});

// Quick order: a list of 500 lines resolved in one call, and added to the cart (issue 26; decision 0069; PostgreSQL
// when BENCH_DATABASE_URL is set, else PGlite demo).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-quick-order.ts'], { cwd: root, stdio: 'inherit' });

// The header's document search as one user types (issue 26; decision 0081; PostgreSQL large scale when
// BENCH_DATABASE_URL is set, else PGlite demo).
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-doc-search.ts'], { cwd: root, stdio: 'inherit' });
