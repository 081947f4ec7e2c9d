import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EVERY_CLIENT_COUNT_CAP, type GridSource, type GridSpec, planGrid } from '../lib/jqgrid.sql.ts';
import { type Db, queryRows } from './client.ts';
import { int } from './rows.ts';
import { runGrid } from './run-grid.ts';

/** A document table and its lines, whose generated `product_search` is lower(item id || ' ' || name). */
export type ProductFilterTables = { alias: string; key: string; lines: string };

/**
 * How a pattern's density is judged: among this many lines (the first ones stored, a sample as good as any
 * for product names, read sequentially in a few milliseconds), at least DENSE_SHARE of them must match.
 * Below about 2 % of lines the matching lines are fewer than the documents a probe walk would read.
 */
export const DENSITY_SAMPLE_LINES = 20_000;
export const DENSE_SHARE = 0.02;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * filterProduct (part 2 §5): the documents holding a line whose article reference or description contains
 * the text. Three plans, one per case:
 * - one client: the ids from an index-only scan of that client's lines (`coalesce` keeps the planner on
 *   that index rather than the trigram index of every client's lines);
 * - every client, a sparse pattern: the few matching lines from the trigram index;
 * - every client, a dense pattern: each document of the requested order probes its own lines through
 *   `(document) include (product_search)`, and pages stop early because many documents match; the count
 *   walks documents and lines together in document order (a merge join; the sources' `countOrder`).
 */
export function productFilterSql(
  t: ProductFilterTables,
  product: string | undefined,
  clientId: string | null,
  dense = false,
): SQL | undefined {
  if (product === undefined) return undefined;
  const like = likeOf(product);
  const lines = sql.raw(`${t.lines} l`);
  const lineKey = sql.raw(`l.${t.key}`);
  const docKey = sql.raw(`${t.alias}.${t.key}`);
  if (clientId !== null)
    return sql`${docKey} in (select ${lineKey} from ${lines} where l.client_accountnum = ${clientId}
                             and coalesce(l.product_search, '') like lower(${like}))`;
  return dense
    ? sql`exists (select 1 from ${lines} where ${lineKey} = ${docKey} and l.product_search like lower(${like}))`
    : sql`${docKey} in (select ${lineKey} from ${lines} where l.product_search like lower(${like}))`;
}

const densities = new Map<string, { dense: boolean; at: number }>();
const DENSITY_TTL_MS = 60_000;
const DENSITY_ENTRIES = 500;

/**
 * Whether a pattern matches a large share of every client's lines (see DENSITY_SAMPLE_LINES). An admin pages
 * through the same filter: the answer is kept a minute per table and pattern.
 */
export async function isDenseProduct(db: Db, t: ProductFilterTables, product: string): Promise<boolean> {
  const key = `${t.lines}\u0000${product.toLowerCase()}`;
  const known = densities.get(key);
  if (known && Date.now() - known.at < DENSITY_TTL_MS) return known.dense;
  const dense = await sampleDensity(db, t, product);
  if (densities.size >= DENSITY_ENTRIES) densities.delete(densities.keys().next().value!);
  densities.set(key, { dense, at: Date.now() });
  return dense;
}

async function sampleDensity(db: Db, t: ProductFilterTables, product: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select count(*) filter (where s.product_search like lower(${likeOf(product)}))::int as hits, count(*)::int as n
          from (select l.product_search from ${sql.raw(`${t.lines} l`)} limit ${DENSITY_SAMPLE_LINES}) s`,
    z.object({ hits: int, n: int }),
  );
  return row !== undefined && row.n > 0 && row.hits >= row.n * DENSE_SHARE;
}

/** A document grid whose table has a client covering index `(client_accountnum, date, key)` and product lines. */
export type ProductDocumentGrid = ProductFilterTables & {
  table: string;
  /** The date column of the covering index. */
  date: string;
  project: (page: SQL) => SQL;
};

/** Where a page of such a grid comes from, for a client (null: every client), with the product filter's plan. */
export function productDocumentSource(
  g: ProductDocumentGrid,
  clientId: string | null,
  product?: string,
  dense = false,
): GridSource {
  const a = g.alias;
  return {
    table: g.table,
    alias: a,
    key: g.key,
    scope: [
      clientId === null ? undefined : sql`${sql.raw(a)}.client_accountnum = ${clientId}`,
      productFilterSql(g, product, clientId, dense),
    ],
    project: g.project,
    // A dense product count walks documents and their lines together in document order (a merge join).
    countOrder: sql.raw(dense ? `${a}.${g.key}` : `${a}.client_accountnum, ${a}.${g.date}, ${a}.${g.key}`),
    ...(clientId === null ? { countCap: EVERY_CLIENT_COUNT_CAP } : {}),
  };
}

/** One page of such a grid; `product` keeps the documents holding a line of a matching article. */
export async function productDocumentGrid<S extends z.ZodType>(
  db: Db,
  g: ProductDocumentGrid,
  spec: GridSpec,
  query: GridQuery,
  clientId: string | null,
  row: S,
  product?: string,
): Promise<GridResponse<z.output<S>>> {
  const plan = planGrid(spec, query);
  const dense = clientId === null && product !== undefined && (await isDenseProduct(db, g, product));
  return runGrid(db, plan, productDocumentSource(g, clientId, product, dense), row);
}
