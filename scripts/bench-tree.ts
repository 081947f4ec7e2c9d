// Content tree benchmark (run by `npm run bench`; issue 15, decision 0037). On a copy of the demo database whose
// category tree is grown to 500 nodes (25 roots, each with 4 children of 4 children, and the demo's own), an admin
// reorganises it as the drag-and-drop screen does: reads it (getcategoriestreeview) and posts it whole
// (organizecategories/) with one subtree moved under another root, alternately there and back, one at a time.
// Budget (issue 15): a tree of 500 nodes reorganised in <= 100 ms (p95 of the POST).
//   BENCH_DATABASE_URL=postgres://… runs on a throwaway copy of the test template on that PostgreSQL server;
//   BENCH_TREE_ROUNDS (default 60) reorganisations are timed; BENCH_TREE_PORT (default 3319).
import fs from 'node:fs';
import path from 'node:path';
import type { PostedNode, TreeNode } from '@portal/contract/content-tree';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { countRow, idRow } from '../apps/server/src/db/rows.ts';
import { accessToken, percentile, root, startPortal, stopPortal, templateCopy } from './bench-support.ts';

const port = Number(process.env.BENCH_TREE_PORT ?? 3319);
const base = `http://127.0.0.1:${port}`;
const ROUNDS = Number(process.env.BENCH_TREE_ROUNDS ?? 60);
const NODES = 500;

const copy = await templateCopy('tree');
{
  const database = await copy.open();
  const [have] = await queryRows(database.db, sql`select count(*)::int as n from categories`, countRow);
  let missing = NODES - (have?.n ?? 0);
  await database.db.transaction(async (tx) => {
    const add = async (parent: number | null, position: number, name: string) => {
      const [row] = await queryRows(
        tx,
        sql`insert into categories (parent_id, position) values (${parent}, ${position}) returning id`,
        idRow,
      );
      await tx.execute(sql`insert into category_texts (category_id, lang, name) values (${row!.id}, 'es', ${name})`);
      missing--;
      return row!.id;
    };
    for (let r = 0; missing > 0; r++) {
      const rootId = await add(null, 100 + r, `Banco ${r + 1}`);
      for (let c = 0; c < 4 && missing > 0; c++) {
        const child = await add(rootId, c, `Banco ${r + 1}.${c + 1}`);
        for (let g = 0; g < 4 && missing > 0; g++) await add(child, g, `Banco ${r + 1}.${c + 1}.${g + 1}`);
      }
    }
  });
  await database.db.execute(sql`analyze`);
  await database.close();
}

const server = await startPortal(port, { ...copy.env, ERP_IMPORT_INTERVAL_SECONDS: '0', MAIL_INTERVAL_SECONDS: '0' });
const admin = await accessToken(base, 'admin');
const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };

const read = async () => {
  const res = await fetch(`${base}/api/incategory/getcategoriestreeview?cod_idioma=es`, { headers });
  if (!res.ok) throw new Error(`tree read: ${res.status}`);
  return (await res.json()) as { version: number; tree: TreeNode[] };
};
const posted = (nodes: TreeNode[]): PostedNode[] => nodes.map((n) => ({ id: n.id, children: posted(n.children) }));
const count = (nodes: PostedNode[]): number => nodes.reduce((sum, n) => sum + 1 + count(n.children ?? []), 0);

const times: number[] = [];
let size = 0;
for (let round = 0; round < ROUNDS + 5; round++) {
  const { version, tree } = await read();
  const next = posted(tree);
  size = count(next);
  // The first root's last child (a subtree of 5) moves to the end of the last root's children; the round after, the
  // last root's last child moves back under the first root.
  const [from, to] = round % 2 === 0 ? [next[0]!, next.at(-1)!] : [next.at(-1)!, next[0]!];
  const moved = from.children!.pop()!;
  to.children!.push(moved);
  const started = performance.now();
  const res = await fetch(`${base}/api/incategory/organizecategories/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ version, tree: next }),
  });
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`organize: ${res.status} ${await res.text()}`);
  if (round >= 5) times.push(took);
}
times.sort((a, b) => a - b);
const result = {
  title: `reorganise a tree of ${size} nodes (organizecategories/, posted whole), 1 admin`,
  requests: times.length,
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  budget: 100,
};

await stopPortal(server);
await copy.remove();

console.log('\n| tree call | requests | p50 ms | p95 ms | budget p95 |');
console.log('|---|---|---|---|---|');
console.log(
  `| ${result.title} | ${result.requests} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.budget} ms${result.p95 > result.budget ? ' (over)' : ''} |`,
);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results/bench-tree.json'),
  JSON.stringify({ database: copy.kind, runs: [result] }, null, 2),
);
