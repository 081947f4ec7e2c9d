// Quick order benchmark (run by `npm run bench`; issue 26, decision 0069): a list of 500 lines (our references with
// their dots and dashes, OEM codes with spaces, EUROCODEs in lower case, a few unknown codes) resolved in one call,
// as the buyer. Budget (DESIGN §7): under 1 s for 500 lines.
//   Default: a fresh PGlite demo database, through the API (POST /api/quickorder/resolve), and the 500 lines added to
//   the cart once (POST /api/quickorder/addtocart).
//   BENCH_DATABASE_URL set: the same on that PostgreSQL database (the portal migrates it: not for a shared one).
//   BENCH_QUICK_ORDER_READONLY_URL set: the resolving statement alone on that database, in read-only transactions
//   (`default_transaction_read_only`): nothing is written, so a database another team owns may be measured.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type QuickOrderResolveResponse, quickOrderKey } from '@portal/contract/quick-order';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import { type Db, queryRows } from '../apps/server/src/db/client.ts';
import { countRow } from '../apps/server/src/db/rows.ts';
import { quickOrderRepository } from '../apps/server/src/modules/cart/quick-order.repository.ts';
import { accessToken, percentile, startPortal, stopPortal } from './bench-support.ts';

const LINES = 500;
const RUNS = Number(process.env.BENCH_QUICK_ORDER_RUNS ?? 20);
const BUDGET_MS = 1000;

const articleRow = z.object({ ref: z.string(), oem: z.string().nullable(), eurocode: z.string().nullable() });
type Article = z.infer<typeof articleRow>;

/** 500 lines as a customer pastes them: a third by reference, a third by OEM code, a third by EUROCODE, 1 in 50 unknown. */
function listOf(articles: Article[]): string {
  const lines: string[] = [];
  for (let i = 0; lines.length < LINES; i++) {
    const a = articles[i % articles.length]!;
    const qty = 1 + (i % 7);
    if (i % 50 === 49) lines.push(`NOPE-${i}.X\t${qty}`);
    else if (i % 3 === 1 && a.oem) lines.push(`${a.oem};${qty}`);
    else if (i % 3 === 2 && a.eurocode) lines.push(`${a.eurocode.toLowerCase()} ${qty}`);
    else lines.push(`${a.ref}\t${qty}\tMAD01`);
  }
  return lines.join('\n');
}

function report(title: string, latencies: number[], extra = '') {
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `| ${title} | ${latencies.length} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${latencies.at(-1)!.toFixed(1)} | ${BUDGET_MS} | ${p95 <= BUDGET_MS ? 'ok' : 'OVER'} |${extra}`,
  );
}

const header = () => {
  console.log('\n| quick order, 500 lines | runs | p50 ms | p95 ms | max ms | budget ms | |');
  console.log('|---|---|---|---|---|---|---|');
};

async function readOnly(url: string) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    options: '-c jit=off -c default_transaction_read_only=on',
  });
  const db = drizzle({ client: pool }) as unknown as Db;
  try {
    const [count] = await queryRows(db, sql`select count(*)::int as n from articles`, countRow);
    const n = count!.n;
    // 500 articles spread over the catalogue, with one OEM code each when they have one.
    const articles = await queryRows(
      db,
      sql`select a.ref_jumasa as ref, (select o.oem from article_oem o where o.article_id = a.id limit 1) as oem, a.eurocode
            from articles a where a.id in (select (1 + (g * 7919) % ${n})::int from generate_series(0, ${LINES - 1}) g)`,
      articleRow,
    );
    const keys = [
      ...new Set(
        listOf(articles)
          .split('\n')
          .map((l) => quickOrderKey(l.split(/[\t;]| (?=\d+$)/)[0]!))
          .filter((k): k is string => k !== null),
      ),
    ];
    const repo = quickOrderRepository(db);
    const latencies: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      rows = (await repo.resolve(keys, 'C00001', 10)).length;
      latencies.push(performance.now() - t0);
    }
    header();
    report(
      `resolving statement, ${n.toLocaleString('en')} articles, read-only (${keys.length} codes)`,
      latencies,
      ` ${rows} rows`,
    );
  } finally {
    await pool.end();
  }
}

async function throughApi() {
  const port = Number(process.env.BENCH_QUICK_ORDER_PORT ?? 3319);
  const base = `http://127.0.0.1:${port}`;
  const dbUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-quick-order-'));
  const server = await startPortal(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl ?? '',
    SEED_ON_START: dbUrl ? 'none' : 'demo',
    ERP_IMPORT_INTERVAL_SECONDS: '0',
  });
  try {
    const headers = { authorization: `Bearer ${await accessToken(base, 'buyer')}`, 'content-type': 'application/json' };
    const articles: Article[] = [];
    for (let page = 0; articles.length < LINES; page++) {
      const res = await fetch(`${base}/api/product/getlist?pageSize=100&pageIndex=${page}&lang=es`, { headers });
      const body = (await res.json()) as { records: { ref_jumasa: string; oem: string[]; eurocode: string | null }[] };
      if (body.records.length === 0) break;
      for (const r of body.records) articles.push({ ref: r.ref_jumasa, oem: r.oem[0] ?? null, eurocode: r.eurocode });
    }
    const text = listOf(articles);
    const latencies: number[] = [];
    let answer: QuickOrderResolveResponse | null = null;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/quickorder/resolve`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      if (res.status !== 200) throw new Error(`resolve: ${res.status} ${await res.text()}`);
      answer = (await res.json()) as QuickOrderResolveResponse;
      latencies.push(performance.now() - t0);
    }
    const counts = new Map<string, number>();
    for (const l of answer!.lines) counts.set(l.status, (counts.get(l.status) ?? 0) + 1);
    const statuses = [...counts].map(([s, n]) => `${s} ${n}`).join(', ');
    header();
    report(`POST /api/quickorder/resolve (${dbUrl ? 'PostgreSQL' : 'PGlite demo'})`, latencies, ` ${statuses}`);
    const lines = answer!.lines
      .filter((l) => l.candidates.length > 0)
      .map((l) => ({ id_articulo: l.candidates[0]!.id_articulo, quantity: l.quantity }));
    const t0 = performance.now();
    const added = await fetch(`${base}/api/quickorder/addtocart`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ lines }),
    });
    if (added.status !== 200) throw new Error(`addtocart: ${added.status} ${await added.text()}`);
    report(`POST /api/quickorder/addtocart (${lines.length} lines, once)`, [performance.now() - t0]);
  } finally {
    await stopPortal(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const readOnlyUrl = process.env.BENCH_QUICK_ORDER_READONLY_URL;
if (readOnlyUrl) await readOnly(readOnlyUrl);
else await throughApi();
