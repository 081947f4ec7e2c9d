// The plans of the catalogue's searches (issue 27, decision 0068): for one query of each kind the bench measures, the
// statement the API runs, prepared as the API prepares it, explained with EXPLAIN (ANALYZE, BUFFERS) as PostgreSQL
// runs it once it keeps the generic plan (plan_cache_mode = force_generic_plan; the API's connections reach it after
// first run, decision 0096) and as a custom plan for the values. Read-only.
//   DATABASE_URL=postgres://…/portal_large node --import tsx scripts/explain-catalog.ts [kind…]
import { productListQuery } from '@portal/contract/catalog';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { POSTGRES_REUSED_SESSION_OPTIONS } from '../apps/server/src/db/client.ts';
import { articlePageSql } from '../apps/server/src/modules/catalog/catalog.repository.ts';
import { wordContainer, wordStreams } from '../apps/server/src/modules/catalog/catalog-search.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the large database');
const client = new pg.Client({ connectionString: url, options: POSTGRES_REUSED_SESSION_OPTIONS });
await client.connect();
const at = `(select (max(id) * 0.42)::int from articles)`;
const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
const ref = await one<{ r: string }>(
  `select substr(ref_norm, 2, 7) as r from articles where id >= ${at} order by id limit 1`,
);
const oem = await one<{ o: string }>(
  `select oem_norm as o from article_oem where article_id >= ${at} order by article_id limit 1`,
);
const euro = await one<{ e: string }>(
  `select left(eurocode, 6) as e from articles where eurocode is not null and id > ${at} order by id limit 1`,
);
const veh = await one<{ make_id: number; model_id: number; engine_id: number; family: string }>(
  `select f.make_id, f.model_id, f.engine_id, a.family_code as family from fitments f join articles a on a.id = f.article_id
    where f.engine_id is not null and f.article_id > ${at} order by f.article_id limit 1`,
);
const text = await one<{ w: string }>(
  `select lower(split_part(description, ' ', 1)) || ' ' || lower(supplier) as w from articles where id >= ${at} order by id limit 1`,
);
const kinds: Record<string, Record<string, string>> = {
  reference: { searchbyreference: ref.r },
  oem: { manufacturerrefOEM: oem.o },
  eurocode: { manufacturerrefEUROCODE: euro.e },
  vehicle: {
    marca: String(veh.make_id),
    modelo: String(veh.model_id),
    motor: String(veh.engine_id),
    familia: veh.family,
  },
  make: { marca: String(veh.make_id), familia: veh.family },
  text: { filter: text.w },
};
const wanted = process.argv.slice(2);
const containing = wordContainer((await client.query('select word from search_words')).rows.map((r) => r.word));
const dialect = new PgDialect();
for (const [kind, query] of Object.entries(kinds)) {
  if (wanted.length && !wanted.includes(kind)) continue;
  const q = productListQuery.parse(query);
  const { sql, params } = dialect.sqlToQuery(articlePageSql(q, 'C00001', true, wordStreams(q, containing)));
  for (const mode of ['force_generic_plan', 'force_custom_plan']) {
    await client.query(`set plan_cache_mode = ${mode}`);
    await client.query(`prepare s as ${sql}`);
    const literal = params.map((p) => `'${String(p).replaceAll("'", "''")}'`).join(', ');
    await client.query(`explain (analyze, buffers) execute s${params.length ? `(${literal})` : ''}`); // warm
    const plan = await client.query(`explain (analyze, buffers) execute s${params.length ? `(${literal})` : ''}`);
    console.log(`\n=== ${kind} ${JSON.stringify(query)} (${mode}) ===`);
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
    await client.query('deallocate s');
  }
}
await client.end();
