// Posts benchmark (run by `npm run bench`; issue 15, decisions 0039 and 0040). On a copy of the demo database with
// 10,000 posts (the large scale's count, added here with `seedMorePosts`): the admins' posts grid (GetPostsJqGrid:
// pages of news with the default sort, sorted by name, filtered by name) and the dashboard's content call
// (GET /api/inpost/dashboard: news, events and menus) with the customers' list (getlist), for one user and under
// load. Grid pages and dashboards are kept between requests (decision 0051); one run reads pages never asked before.
// Budgets (issue 15): posts grid p95 <= 30 ms at 10,000 posts; dashboard p95 <= 30 ms.
//   BENCH_DATABASE_URL=postgres://… runs on a throwaway copy of the test template on that PostgreSQL server.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { countRow } from '../apps/server/src/db/rows.ts';
import { seedMorePosts } from '../apps/server/src/db/seed/posts.ts';
import { createRng } from '../apps/server/src/db/seed/prng.ts';
import {
  accessToken,
  type BenchFigures,
  loadClient,
  measureGets,
  printFigures,
  root,
  startPortal,
  stopPortal,
  templateCopy,
} from './bench-support.ts';

const port = Number(process.env.BENCH_POSTS_PORT ?? 3315);
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const copy = await templateCopy('posts');
const { env, kind: dbKind } = copy;
{
  const seeded = performance.now();
  const database = await copy.open();
  const [have] = await queryRows(database.db, sql`select count(*)::int as n from posts`, countRow);
  await database.db.transaction((tx) => seedMorePosts(tx, createRng(1515), 10_000 - (have?.n ?? 0)));
  await database.db.execute(sql`analyze`);
  await database.close();
  console.log(`\nPosts: 10,000 posts in ${Math.round(performance.now() - seeded)} ms (${dbKind})`);
}

const server = await startPortal(port, { ...env, ERP_IMPORT_INTERVAL_SECONDS: '0', MAIL_INTERVAL_SECONDS: '0' });
const admin = await accessToken(base, 'admin');
const buyer = await accessToken(base, 'buyer');
const client = loadClient(base, CONNECTIONS);

const results: BenchFigures[] = [];
const measure = async (
  title: string,
  budget: number,
  connections: number,
  count: number,
  url: (i: number) => string,
  token: string,
) =>
  results.push(
    await measureGets(client, { title, budget, connections, count, url }, { authorization: `Bearer ${token}` }),
  );

const grid = (extra: string) => (i: number) => `/api/inpost/GetPostsJqGrid?tipo=1&rows=10&page=${1 + (i % 10)}${extra}`;
const byName = encodeURIComponent(
  JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Nombre', op: 'cn', data: 'Zaragoza' }] }),
);
const langs = ['es', 'en', 'fr', 'pt'];
const dashboard = (i: number) => `/api/inpost/dashboard?lang=${langs[i % 4]}`;
const list = (i: number) => `/api/inpost/getlist?tipo=1&lang=${langs[i % 4]}&pageIndex=${i % 20}&pageSize=10`;

await measure('warm-up', Number.POSITIVE_INFINITY, 4, 200, grid(''), admin);
results.length = 0;
await measure('posts grid, news, creation date desc, pages 1-10, 1 user', 30, 1, 300, grid(''), admin);
await measure('posts grid, sorted by name, 1 user', 30, 1, 300, grid('&sidx=Nombre&sord=asc'), admin);
await measure(
  'posts grid, name contains "Zaragoza", 1 user',
  30,
  1,
  300,
  grid(`&_search=true&filters=${byName}`),
  admin,
);
await measure(
  `posts grid, default sort, ${CONNECTIONS} connections`,
  30,
  CONNECTIONS,
  20 * CONNECTIONS,
  grid(''),
  admin,
);
// Every request a page no request asked before, so none is kept (decision 0051): the four kinds, pages 1-10, sorted
// by creation date or name either way, 10, 20 or 30 rows (480 different pages).
const unkept = (i: number) => {
  const [kind, page, by, order, rows] = [
    i % 4,
    Math.floor(i / 4) % 10,
    Math.floor(i / 40) % 2,
    Math.floor(i / 80) % 2,
    Math.floor(i / 160) % 3,
  ];
  return `/api/inpost/GetPostsJqGrid?tipo=${kind + 1}&page=${page + 1}&rows=${[10, 20, 30][rows]}&sidx=${by ? 'Nombre' : 'Fecha_Creacion'}&sord=${order ? 'asc' : 'desc'}`;
};
await measure(
  `posts grid, every page read from the database, ${CONNECTIONS} connections`,
  30,
  CONNECTIONS,
  480,
  unkept,
  admin,
);
await measure('dashboard (news, events, menus), 1 user', 30, 1, 300, dashboard, buyer);
await measure(`dashboard, ${CONNECTIONS} connections`, 30, CONNECTIONS, 20 * CONNECTIONS, dashboard, buyer);
await measure('customers’ news list (getlist), 1 user', 30, 1, 300, list, buyer);

client.close();
await stopPortal(server);
await copy.remove();

printFigures('posts call', results);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results/bench-posts.json'),
  JSON.stringify({ database: dbKind, runs: results }, null, 2),
);
