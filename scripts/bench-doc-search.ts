// Document search benchmark (run by `npm run bench`; issue 26, decision 0081): the header's box as one user types,
// GET /api/search/documents with queries taken from the caller's own documents (orders, invoices, packing slips, web
// orders: whole numbers shown without their 41, numbers with it, each number's prefixes as it is typed, customer
// references and their prefixes; on PostgreSQL also the job references (plates, work orders, claims) of the caller's
// web orders, read from the database, and their prefixes), the 2-character prefixes that match the most, and texts
// that match nothing; as the
// buyer (one client's documents) and as an admin (every client's). Budget (DESIGN §7): p95 <= 50 ms for one user, on
// PostgreSQL at large scale (1M sales orders).
//   BENCH_DATABASE_URL set: that PostgreSQL database (seeded at large scale; the portal migrates it when it starts);
//   otherwise a fresh PGlite demo database.
//   BENCH_DOC_SEARCH_REQUESTS: requests per line (default 200); BENCH_PORT (default 3321).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { displayDocumentId } from '@portal/contract/sales';
import pg from 'pg';
import {
  accessToken,
  type BenchFigures,
  loadClient,
  measureGets,
  printFigures,
  startPortal,
  stopPortal,
} from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3321);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;
const REQUESTS = Number(process.env.BENCH_DOC_SEARCH_REQUESTS ?? 200);
const BUDGET_MS = 50;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-doc-search-'));
const server = await startPortal(port, {
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl ?? '',
  SEED_ON_START: dbUrl ? 'none' : 'demo',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
});
const client = loadClient(base, 1);
const results: BenchFigures[] = [];
try {
  const tokens = { buyer: await accessToken(base, 'buyer'), admin: await accessToken(base, 'admin') };
  const rowsOf = async (url: string, token: string) => {
    const res = await client.get(`${url}?rows=30`, { authorization: `Bearer ${token}` });
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return (JSON.parse(res.body) as { rows: Record<string, unknown>[] }).rows;
  };

  /**
   * Job references the caller may find (the buyer's client's, or any client's for staff): not in any grid's answer, so
   * read from the database (PostgreSQL only; the demo database's few are in the API tests).
   */
  async function jobRefsOf(username: string | null): Promise<string[]> {
    if (!dbUrl) return [];
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ job_ref: string }>(
        `select distinct j.job_ref from web_order_job_refs j
          where $1::text is null or j.client_accountnum = (select client_accountnum from users where username = $1)
          limit 30`,
        [username],
      );
      return rows.map((r) => r.job_ref);
    } finally {
      await db.end();
    }
  }

  /** What a user types: documents' numbers (shown, and as the ERP writes them), their prefixes, references. */
  async function queriesOf(token: string) {
    const sales = await rowsOf('/api/insales/getallheadersjqgrid', token);
    const invoices = await rowsOf('/api/ininvoice/getallheadersjqgrid', token);
    const slips = await rowsOf('/api/inpackingslip/getallheadersjqgrid', token);
    const web = await rowsOf('/api/insalesweb/getallheadersjqgrid', token);
    const numbers = [
      ...sales.map((r) => String(r.SALESID)),
      ...invoices.map((r) => String(r.INVOICEID)),
      ...slips.map((r) => String(r.PACKINGSLIPID)),
      ...web.map((r) => String(r.Id)).filter((id) => id.length >= 2),
    ];
    const refs = [...sales, ...slips, ...web].map((r) => String(r.CUSTOMERREF ?? '')).filter((r) => r.length >= 2);
    const typed: string[] = [];
    for (const n of numbers) {
      const shown = displayDocumentId(n);
      typed.push(shown, n);
      for (let k = 2; k < shown.length; k += 2) typed.push(shown.slice(0, k));
    }
    for (const r of refs) typed.push(r, r.slice(0, 2), r.slice(0, Math.ceil(r.length / 2)));
    return {
      typed: typed.map((q) => q.toLowerCase()),
      jobs: (await jobRefsOf(token === tokens.buyer ? 'buyer' : null)).flatMap((j) => [
        j,
        j.slice(0, 3),
        j.slice(0, 5),
      ]),
      short: ['PV', '41', 'FV', 'AL', 'OT', 'MA', 'PE', 'WE', '10', '00'],
      none: ['ZQX9', 'zz-000 qq', '99999999999', 'NADA 123'],
    };
  }

  for (const who of ['buyer', 'admin'] as const) {
    const q = await queriesOf(tokens[who]);
    const headers = { authorization: `Bearer ${tokens[who]}` };
    const lines: [string, string[]][] = [
      [`${who}: numbers, prefixes and references as typed (${q.typed.length} queries)`, q.typed],
      ...(q.jobs.length > 0
        ? [[`${who}: job references and their prefixes (${q.jobs.length} queries)`, q.jobs] as [string, string[]]]
        : []),
      [`${who}: 2-character prefixes (the widest)`, q.short],
      [`${who}: texts that match nothing`, q.none],
    ];
    for (const [title, queries] of lines)
      results.push(
        await measureGets(
          client,
          {
            title,
            budget: BUDGET_MS,
            connections: 1,
            count: REQUESTS,
            url: (i) => `/api/search/documents?q=${encodeURIComponent(queries[i % queries.length]!)}`,
          },
          headers,
        ),
      );
  }
} finally {
  client.close();
  await stopPortal(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\nDocument search, one user typing (${REQUESTS} requests per line), database: ${dbUrl ? 'PostgreSQL' : 'PGlite (demo scale)'}`,
);
printFigures('GET /api/search/documents', results);
