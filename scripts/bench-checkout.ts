// Checkout benchmark (run by `npm run bench`): preparecheckout + finishcheckout of a 50-line cart over
// 3 stores, on PostgreSQL. Carts are filled with SQL (filling is not what is measured); the timed part is
// the two calls a buyer makes when finishing. Runs one buyer at a time and then 8 buyers at once.
//   BENCH_CHECKOUT_DATABASE_URL: a seeded PostgreSQL database to use; otherwise a throwaway one is created
//   on PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), seeded at demo scale and dropped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { accessToken, percentile, root, startPortal, stopPortal } from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3312);
const base = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 40);
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let dbUrl = process.env.BENCH_CHECKOUT_DATABASE_URL;
let throwaway: string | null = null;
if (!dbUrl) {
  throwaway = `portal_bench_checkout_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${throwaway}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${throwaway}`;
  dbUrl = u.toString();
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-checkout-'));
const server = await startPortal(port, { DATA_DIR: dataDir, DATABASE_URL: dbUrl });

const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
// Eight buyers of client C00001 (the demo buyer's password hash), each with their own cart.
const users = Array.from({ length: 8 }, (_, i) => `bench-buyer-${i + 1}`);
for (const name of users) {
  await db.query(
    `insert into users (username, email, password_hash, client_accountnum)
       select $1, $1 || '@bench.example', password_hash, client_accountnum from users where username = 'buyer'
     on conflict do nothing`,
    [name],
  );
  await db.query(
    `insert into user_roles (user_id, role_name) select id, 'permitirCompras' from users where username = $1 on conflict do nothing`,
    [name],
  );
}
const tokens = new Map<string, string>();
for (const name of users) tokens.set(name, await accessToken(base, name));
const api = async <T>(name: string, method: string, url: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${tokens.get(name)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const STORES = ['MAD01', 'BCN01', 'VLC01'];
const pools = new Map<string, number[]>();
for (const s of STORES) {
  const r = await db.query(
    `select a.id from articles a join stock st on st.article_id = a.id
      where st.store_id = $1 and st.quantity > 0 and a.stock_tracked order by a.id limit 2000`,
    [s],
  );
  pools.set(
    s,
    r.rows.map((x: { id: number }) => x.id),
  );
}

/** Fills the user's open cart with 50 lines over the three stores (17 + 17 + 16), different articles each time. */
async function fill(name: string, round: number) {
  const cart = await api<{ salestableid: number }>(name, 'GET', '/api/incheckout/getcurrentcart');
  const used = new Set<number>();
  const values: string[] = [];
  for (let i = 0; i < 50; i++) {
    const store = STORES[i % 3]!;
    const list = pools.get(store)!;
    let k = (round * 53 + i * 7) % list.length;
    while (used.has(list[k]!)) k = (k + 1) % list.length;
    used.add(list[k]!);
    values.push(`(${cart.salestableid}, ${list[k]}, ${1 + (i % 4)}, '${store}')`);
  }
  await db.query(
    `insert into cart_lines (cart_id, user_id, client_accountnum, article_id, quantity, store_id)
       select v.cart_id, c.user_id, c.client_accountnum, v.article_id, v.quantity, v.store_id
         from (values ${values.join(', ')}) v(cart_id, article_id, quantity, store_id) join carts c on c.id = v.cart_id`,
  );
}

async function checkout(name: string): Promise<number> {
  const header = await api<{ salestableid: number; cartlocations: Record<string, unknown>[] }>(
    name,
    'GET',
    '/api/incheckout/getLocationsPerCurrentCartFull?lang=es',
  );
  const locations = header.cartlocations.map((l) => ({
    ...l,
    cust_ref: 'Bench 1',
    web_obs: 'Sin prisa',
  }));
  if (locations.length !== 3) throw new Error(`expected 3 locations, got ${locations.length}`);
  const t0 = performance.now();
  const prepared = await api<{ paymentchannel: number }>(name, 'POST', '/api/incheckout/preparecheckout?lang=es', {
    salesTableId: header.salestableid,
    tarjetaId: '',
    cartLocations: locations,
  });
  if (prepared.paymentchannel !== 0) throw new Error('the bench buyers pay by credit');
  const done = await api<{ weborders: unknown[] }>(name, 'POST', '/api/incheckout/finishcheckout', locations);
  const ms = performance.now() - t0;
  if (done.weborders.length !== 3) throw new Error('expected 3 web orders');
  return ms;
}

const pct = (xs: number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );
const results: { mode: string; runs: number; p50: number; p95: number; max: number }[] = [];
for (const parallel of [1, 8]) {
  const times: number[] = [];
  for (let r = 0; r < rounds / parallel; r++) {
    await Promise.all(users.slice(0, parallel).map((u, i) => fill(u, r * 8 + i + parallel * 1000)));
    times.push(...(await Promise.all(users.slice(0, parallel).map((u) => checkout(u)))));
  }
  results.push({
    mode: `${parallel} buyer${parallel > 1 ? 's at once' : ''}`,
    runs: times.length,
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: Math.max(...times),
  });
}

await db.end();
await stopPortal(server);
fs.rmSync(dataDir, { recursive: true, force: true });
if (throwaway) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${throwaway} with (force)`);
  await admin.end();
}

console.log('\nCheckout: preparecheckout + finishcheckout, 50 lines over 3 stores, PostgreSQL (budget p95 ≤ 200 ms)');
console.log('| buyers | checkouts | p50 ms | p95 ms | max ms |');
console.log('|---|---|---|---|---|');
for (const r of results)
  console.log(`| ${r.mode} | ${r.runs} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'test-results/bench-checkout.json'), JSON.stringify(results, null, 2));
