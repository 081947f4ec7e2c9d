import type { ProductListQuery } from '@portal/contract/catalog';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows, queryRowsReused } from '../../db/client.ts';
import { listPriceSql, netPriceSql } from '../../db/net-price.ts';
import { countRow, idRow } from '../../db/rows.ts';
import {
  type ArticleRow,
  articleRow,
  candidateRow,
  type EnrichedRow,
  enrichedRow,
  fitmentRow,
  optionRow,
  pageRow,
  plateRow,
  stockRow,
  storeRow,
} from './catalog-rows.ts';
import {
  andAll,
  flagConditions,
  searchConditions,
  streamMatches,
  streamsHold,
  vehicleCondition,
} from './catalog-search.sql.ts';
import { likeEscape, type WordStream } from './catalog-search.ts';
import type { Candidate } from './catalog-typos.ts';

/**
 * The columns of an article row but its list price, which lives in `article_prices` (decision 0078): read through the
 * primary key for the rows answered only (`PRICE`), never for the rows a walk reads past.
 */
const ARTICLE_COLUMNS = sql.raw(
  'a.id, a.ref_jumasa, a.supplier, a.family_code, a.description, a.novelty, a.offer, a.eurocode, a.image_count, a.stock_tracked',
);
const PRICE = (alias: 'a' | 'p') => sql`${listPriceSql(alias)}::text as pv1d`;
/** A catalogue word (search_words). */
const wordRow = z.object({ word: z.string() });
const ORDER = (dir: 'asc' | 'desc') => sql.raw(`a.ref_jumasa collate "C" ${dir}, a.id ${dir}`);

/**
 * For each typed word (`plain`: its plain form, '' when it is not to be corrected): whether a catalogue word holds it
 * after all, else up to 8 vocabulary words close to it. One statement text per number of words, so that it is
 * prepared once (`queryRowsReused`): the pattern is a parameter, which no index serves (search_words is a few hundred
 * rows), and the trigram operator `%` is served by the vocabulary's index whatever its value.
 */
export function vocabularySql(words: readonly { typed: string; plain: string }[]): SQL {
  const typed = sql.join(
    words.map((w) => sql`(${w.typed}::text, ${w.plain}::text, ${`%${likeEscape(w.typed)}%`}::text)`),
    sql`, `,
  );
  return sql`select t.typed, f.found, c.word, c.plain, c.articles, c.similarity
               from (values ${typed}) t(typed, plain, pattern)
               cross join lateral (select exists (select 1 from search_words s where s.word like t.pattern) as found) f
               left join lateral (
                 select v.word, v.plain, v.articles, similarity(v.plain, t.plain)::float8 as similarity
                   from catalog_vocabulary v
                  where not f.found and v.plain % t.plain
                  order by 4 desc, v.articles desc, v.word limit 8) c on true`;
}

export function catalogRepository(db: Db) {
  return {
    /**
     * One page of articles and how many match, counted up to COUNT_CAP (docs/decisions/0009): a search
     * matching fewer articles sorts its own matches; a broader one walks the reference-ordered index.
     */
    async searchArticles(
      q: ProductListQuery,
      withCount: boolean,
      clientId: string | null,
      streams: WordStream[] = [],
      homeStore: string | null = null,
    ) {
      const rows = await queryRowsReused(
        db,
        isStockOrPriced(q)
          ? stockOrPricePageSql(q, clientId, homeStore)
          : articlePageSql(q, clientId, withCount, streams),
        pageRow,
      );
      // The page statement counted the matches (a page past the last has no row to carry the count).
      const count = rows[0]?.total ?? (withCount ? await cappedCount(db, q) : 0);
      return {
        rows,
        count: withCount ? Math.min(count, COUNT_CAP) : rows.length,
        more: withCount && count > COUNT_CAP,
        // False when the word streams no longer held (the catalogue's words changed): the caller's are stale.
        streamsHeld: rows[0]?.streams_held ?? null,
      };
    },

    /** One page of (article, fitting model) pairs: the per-vehicle variant. */
    async searchArticleVehicles(
      q: ProductListQuery,
      withCount: boolean,
      clientId: string | null = null,
      homeStore: string | null = null,
    ) {
      const stock = stockCondition(q, homeStore);
      const where = andAll([...searchConditions(q, 'f'), ...(stock ? [stock] : [])]);
      const pairs = sql`select distinct a.id as article_id, f.model_id, a.ref_jumasa from articles a join fitments f on f.article_id = a.id where ${where}`;
      const dir = sql.raw(q.order);
      const price = q.sort === 'price' ? sql`${priceSql(clientId)} ${dir}, ` : sql``;
      const rows = await queryRows(
        db,
        sql`select ${ARTICLE_COLUMNS}, ${PRICE('a')}, p.model_id, vm.name as model_name, mk.name as make_name
            from (${pairs}) p
            join articles a on a.id = p.article_id
            join vehicle_models vm on vm.id = p.model_id
            join vehicle_makes mk on mk.id = vm.make_id
            order by ${price}a.ref_jumasa collate "C" ${dir}, a.id ${dir}, p.model_id ${dir}
            limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`,
        articleRow,
      );
      const count = withCount
        ? (await queryRows(db, sql`select count(*)::int as n from (${pairs}) p`, countRow))[0]!.n
        : rows.length;
      return { rows, count };
    },

    async articlesByIds(ids: number[]): Promise<ArticleRow[]> {
      if (ids.length === 0) return [];
      return queryRows(
        db,
        sql`select ${ARTICLE_COLUMNS}, ${PRICE('a')}, null::int as model_id, null as model_name, null as make_name
            from articles a where a.id in ${idList(ids)} order by a.ref_jumasa collate "C", a.id`,
        articleRow,
      );
    },

    /** Articles by id with codes, and for a client its prices and stock (the same columns as a page). */
    async enrichedByIds(ids: number[], clientId: string | null): Promise<EnrichedRow[]> {
      if (ids.length === 0) return [];
      return queryRows(
        db,
        enrichedSql(
          sql`(select ${ARTICLE_COLUMNS} from articles a where a.id in ${idList(ids)})`,
          sql`p.ref_jumasa collate "C", p.id`,
          clientId,
        ),
        enrichedRow,
      );
    },

    async stockOf(ids: number[]) {
      if (ids.length === 0) return [];
      return queryRows(
        db,
        sql`select article_id, store_id, quantity from stock_available where article_id in ${idList(ids)}`,
        stockRow,
      );
    },

    /** The catalogue's words (migration 0010), for choosing which free-text words go through postings. */
    async searchWords() {
      const rows = await queryRows(db, sql`select word from search_words`, wordRow);
      return rows.map((r) => r.word);
    },

    /**
     * For each typed word: whether a catalogue word contains it after all (the server's copy of the words was
     * stale), else the vocabulary words of the article names close to it (trigram similarity of the plain forms,
     * migration 0044, decision 0068), the most similar first.
     */
    async vocabularyCandidates(words: { typed: string; plain: string }[]) {
      if (words.length === 0) return { found: new Set<string>(), candidates: [] as Candidate[] };
      // A search's statement: on the searches' pool, prepared once per connection (issue 27).
      const rows = await queryRowsReused(db, vocabularySql(words), candidateRow);
      return {
        found: new Set(rows.filter((r) => r.found).map((r) => r.typed)),
        candidates: rows
          .filter((r) => r.word !== null)
          .map((r) => ({
            typed: r.typed,
            word: r.word!,
            plain: r.plain!,
            articles: r.articles!,
            similarity: r.similarity!,
          })),
      };
    },

    // A store the ERP deleted while records refer to it is inactive (decision 0065): no longer offered.
    stores: () =>
      queryRows(db, sql`select id, name, name_i18n as names, city from stores where active order by id`, storeRow),

    async fitmentsOf(articleId: number) {
      return queryRows(
        db,
        sql`select mk.id as marca_id, mk.name as marca, vm.id as modelo_id, vm.name as modelo, e.id as motor_id,
                   e.name as motor, coalesce(e.year_from, vm.year_from) as year_from, coalesce(e.year_to, vm.year_to) as year_to
            from fitments f
            join vehicle_models vm on vm.id = f.model_id
            join vehicle_makes mk on mk.id = vm.make_id
            left join vehicle_engines e on e.id = f.engine_id
            where f.article_id = ${articleId}
            order by mk.name, vm.name, e.name nulls first`,
        fitmentRow,
      );
    },

    /** Articles fitting a model, of the same family or of the others, up to `limit`. */
    async relatedIds(articleId: number, modelId: number, family: string, sameFamily: boolean, limit: number) {
      const familyCondition: SQL = sameFamily ? sql`a.family_code = ${family}` : sql`a.family_code <> ${family}`;
      const rows = await queryRows(
        db,
        sql`select a.id from articles a
            where a.id in (select f.article_id from fitments f where f.model_id = ${modelId})
              and a.id <> ${articleId} and ${familyCondition}
            order by a.ref_jumasa collate "C", a.id limit ${limit}`,
        idRow,
      );
      return rows.map((r) => r.id);
    },

    brands: () => queryRows(db, sql`select id, name as label from vehicle_makes order by name`, optionRow),
    brandById: (id: number) =>
      queryRows(db, sql`select id, name as label from vehicle_makes where id = ${id}`, optionRow),
    models: (brand: number) =>
      queryRows(
        db,
        sql`select id, name as label from vehicle_models where make_id = ${brand} order by name, id`,
        optionRow,
      ),
    engines: (brand: number, model: number) =>
      queryRows(
        db,
        sql`select e.id, e.name as label from vehicle_engines e join vehicle_models vm on vm.id = e.model_id
            where e.model_id = ${model} and vm.make_id = ${brand} order by e.name, e.id`,
        optionRow,
      ),

    async plate(country: string, plateNorm: string) {
      const rows = await queryRows(
        db,
        sql`select mk.id as make_id, mk.name as make, vm.id as model_id, vm.name as model, e.id as engine_id, e.name as engine
            from plates p
            join vehicle_models vm on vm.id = p.model_id
            join vehicle_makes mk on mk.id = vm.make_id
            left join vehicle_engines e on e.id = p.engine_id
            where p.country = ${country} and p.plate_norm = ${plateNorm}`,
        plateRow,
      );
      return rows[0] ?? null;
    },

    async logPlateSearch(entry: {
      userId: string;
      clientId: string;
      country: string;
      plateText: string;
      found: boolean;
      modelId: number | null;
      engineId: number | null;
    }) {
      const rows = await queryRows(
        db,
        sql`insert into plate_search_logs (user_id, client_id, country, plate_text, found, model_id, engine_id)
            values (${entry.userId}, ${entry.clientId}, ${entry.country}, ${entry.plateText}, ${entry.found}, ${entry.modelId}, ${entry.engineId})
            returning id`,
        idRow,
      );
      return rows[0]!.id;
    },
  };
}
export type CatalogRepository = ReturnType<typeof catalogRepository>;

/** Counts stop here: past it the answer says "more" and pages go as far as the cap. */
export const COUNT_CAP = 1000;
/** LIMIT COUNT_CAP + 1, written into the statements: as a parameter it would make the planner guess (10 % of
 * the rows) when it weighs a prepared statement's generic plan, and keep planning every run. */
const COUNT_LIMIT = sql.raw(String(COUNT_CAP + 1));

/**
 * How far a broad walk reads: the rows up to the page's end, rounded up to a power of two, written into the SQL.
 * With the page's LIMIT and OFFSET as parameters, the planner costs a prepared walk as if it read a tenth of
 * the rows, so PostgreSQL never keeps its generic plan and plans every run again (0.3 ms, as long as running
 * it); as literals they would give a statement per page. Powers of two give one per few pages (8, 16, 32, ...).
 */
function walkLimit(q: ProductListQuery): SQL {
  return sql.raw(String(2 ** Math.ceil(Math.log2((q.pageIndex + 1) * q.pageSize))));
}

/** How many articles match, counting no further than COUNT_CAP + 1. */
async function cappedCount(db: Db, q: ProductListQuery): Promise<number> {
  const rows = await queryRowsReused(db, countSql(q), countRow);
  return rows[0]!.n;
}

export function countSql(q: ProductListQuery): SQL {
  if (isMakeWalk(q)) {
    // Without flags the make's own index answers alone (index-only); the flags need the articles.
    return sql`select count(*)::int as n from (select 1 ${makeWalkFrom(q, hasFlags(q))} limit ${COUNT_LIMIT}) x`;
  }
  return sql`select count(*)::int as n from (select 1 from articles a where ${andAll(searchConditions(q))} limit ${COUNT_LIMIT}) x`;
}

/** A search by model or engine (with or without family) and nothing else: walked through the model's fitments. */
const isModelWalk = (q: ProductListQuery) => Boolean(q.modelo || q.motor) && !hasTextOrCode(q) && !hasFlags(q);

const hasTextOrCode = (q: ProductListQuery) =>
  Boolean(q.searchbyreference || q.manufacturerrefOEM || q.manufacturerrefEUROCODE || q.filter.length > 0);
const hasFlags = (q: ProductListQuery) => Boolean(q.novelty || q.offer);

function modelWalkWhere(q: ProductListQuery): SQL {
  const family = q.familia ? sql` and f.family_code = ${q.familia}` : sql``;
  return sql`${vehicleCondition(q, sql.raw('f'))!}${family}`;
}

/** A broad search by make (with or without family): walked through the make's articles in reference order. */
const isMakeWalk = (q: ProductListQuery) => Boolean(q.marca) && !isNarrow(q);

function makeWalkFrom(q: ProductListQuery, withArticles = true): SQL {
  const family = q.familia ? sql` and am.family_code = ${q.familia}` : sql``;
  if (!withArticles) return sql`from article_makes am where am.make_id = ${q.marca!}${family}`;
  return sql`from article_makes am join articles a on a.id = am.article_id
    where am.make_id = ${q.marca!}${family} and ${andAll(flagConditions(q))}`;
}

/**
 * Narrow searches (a code, words, a model or an engine) collect their matches through their own index,
 * at most COUNT_CAP + 1 of them, and sort those; broad ones (nothing, family, make, flags) walk the
 * reference-ordered index and stop at the page. Docs: docs/decisions/0009-catalogue-search.md.
 */
function isNarrow(q: ProductListQuery): boolean {
  return hasTextOrCode(q) || Boolean(q.modelo || q.motor);
}

/**
 * The SQL of one page of articles with their OEM codes and, for a client, its net prices and the stock per
 * store, and how many match (`total`, up to COUNT_CAP + 1; broad searches only `withCount`), in one statement.
 */
export function articlePageSql(
  q: ProductListQuery,
  clientId: string | null,
  withCount = true,
  streams: WordStream[] = [],
): SQL {
  const where = andAll(searchConditions(q));
  const dir = sql.raw(q.order);
  const order = sql`p.ref_jumasa collate "C" ${dir}, p.id ${dir}`;
  const limit = sql`limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`;
  if (isModelWalk(q)) {
    // The model's fitments in reference order, each article once: the walk stops at the page, and only the
    // page's articles are read; the count reads the same index and no article.
    const fitting = modelWalkWhere(q);
    const page = sql`(select ${ARTICLE_COLUMNS}
      from (select distinct f.ref_jumasa collate "C" as ref, f.article_id from fitments f where ${fitting}
            order by 1 ${dir}, 2 ${dir} ${limit}) w
      join articles a on a.id = w.article_id)`;
    const total = sql`(select count(*)::int from (select distinct f.article_id from fitments f where ${fitting} limit ${COUNT_LIMIT}) c)`;
    return enrichedSql(page, order, clientId, total);
  }
  if (isNarrow(q)) {
    // The matches are collected as (id, reference) only, which an index may hold (EUROCODE's does); only the
    // page's articles are read whole.
    const page = sql`(select ${ARTICLE_COLUMNS} from (select * from m p order by ${order} ${limit}) pm
      join articles a on a.id = pm.id)`;
    const scan = sql`select a.id, a.ref_jumasa from articles a where ${where}`;
    if (streams.length === 0) {
      return sql`with m as materialized (${scan} limit ${COUNT_LIMIT})
        ${enrichedSql(page, order, clientId, sql`(select count(*)::int from m)`)}`;
    }
    // Free text through word postings (migration 0010) while the streams hold; else, in the same statement,
    // through the trigram index. The check runs once (g); each branch is gated by it, so only one of them runs.
    const hold = sql`(select g.held from g)`;
    return sql`with g as materialized (select ${streamsHold(streams)} as held),
      m as materialized ((${streamMatches(q, streams, where, hold, COUNT_LIMIT)})
        union all (${scan} and not ${hold} limit ${COUNT_LIMIT}))
      ${enrichedSql(page, order, clientId, sql`(select count(*)::int from m)`, hold)}`;
  }
  // The walk stops at a limit written into the SQL (see walkLimit); the page is then taken from what it read.
  const walk = isMakeWalk(q)
    ? sql`select ${ARTICLE_COLUMNS} ${makeWalkFrom(q)} order by am.ref_jumasa collate "C" ${dir}, am.article_id ${dir}`
    : sql`select ${ARTICLE_COLUMNS} from articles a where ${where} order by ${ORDER(q.order)}`;
  const page = sql`(select * from (${walk} limit ${walkLimit(q)}) p order by ${order} ${limit})`;
  return enrichedSql(page, order, clientId, withCount ? sql`(${countSql(q)})` : sql`null::int`);
}

/** A stock filter or a price sort (issue 11) takes its own way: `stockOrPricePageSql`. */
const isStockOrPriced = (q: ProductListQuery) => Boolean(q.stock) || q.sort === 'price';

/**
 * The stock filter on the article aliased `a` (docs/decisions/0022): some units in the caller's home store
 * (none without one), or in any store. Untracked articles (status 3) have no stock rows, so neither holds.
 */
function stockCondition(q: ProductListQuery, homeStore: string | null): SQL | null {
  if (q.stock === 'home')
    return sql`exists (select 1 from stock_available s where s.article_id = a.id and s.store_id = ${homeStore ?? ''} and s.quantity > 0)`;
  if (q.stock === 'any')
    return sql`exists (select 1 from stock_available s where s.article_id = a.id and s.quantity > 0)`;
  return null;
}

/** The price a sort by price uses for the article aliased `a`: the client's net price, else the list price. */
function priceSql(clientId: string | null): SQL {
  return clientId ? sql`(${netPriceSql(clientId, 'a')})::numeric` : listPriceSql('a');
}

/**
 * A page filtered by stock and/or sorted by price (docs/decisions/0022). The matches are collected in reference
 * order, at most COUNT_CAP + 1 as every narrow search does (the count and `more` then read the same way), the
 * caller's price is computed for those only, and the page is taken in price (or reference) order. Past the cap,
 * a price order is that of the first 1000 matches by reference: the answer says `more`, refine the search.
 */
export function stockOrPricePageSql(q: ProductListQuery, clientId: string | null, homeStore: string | null): SQL {
  const stock = stockCondition(q, homeStore);
  const where = andAll([...searchConditions(q), ...(stock ? [stock] : [])]);
  const dir = sql.raw(q.order);
  const byPrice = q.sort === 'price';
  const order = byPrice
    ? sql`p.price ${dir}, p.ref_jumasa collate "C" ${dir}, p.id ${dir}`
    : sql`p.ref_jumasa collate "C" ${dir}, p.id ${dir}`;
  const limit = sql`limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`;
  // The list price through the primary key of `article_prices`, joined: one index walk a match (decision 0078).
  const priced = !byPrice
    ? sql`select m.id, m.ref_jumasa, null::numeric as price from m`
    : clientId
      ? sql`select m.id, m.ref_jumasa, (${netPriceSql(clientId, 'a', sql`ap.pv1d`)})::numeric as price
              from m join articles a on a.id = m.id join article_prices ap on ap.article_id = m.id`
      : sql`select m.id, m.ref_jumasa, ap.pv1d as price from m join article_prices ap on ap.article_id = m.id`;
  const page = sql`(select ${ARTICLE_COLUMNS}, pm.price from (select * from priced p order by ${order} ${limit}) pm
    join articles a on a.id = pm.id)`;
  return sql`with m as materialized (select a.id, a.ref_jumasa from articles a where ${where}
      order by ${ORDER(byPrice ? 'asc' : q.order)} limit ${COUNT_LIMIT}),
    priced as materialized (${priced})
    ${enrichedSql(page, order, clientId, sql`(select count(*)::int from m)`)}`;
}

function enrichedSql(
  page: SQL,
  order: SQL,
  clientId: string | null,
  total: SQL = sql`null::int`,
  streamsHeld: SQL = sql`null::boolean`,
): SQL {
  const client = clientId
    ? sql`${netPriceSql(clientId, 'p')} as net,
         (select coalesce(json_agg(json_build_array(s.store_id, s.quantity)), '[]'::json) from stock_available s where s.article_id = p.id) as stock`
    : sql`null::text as net, null::json as stock`;
  return sql`select p.*, ${PRICE('p')}, null::int as model_id, null as model_name, null as make_name, ${total} as total,
      ${streamsHeld} as streams_held,
      (select coalesce(json_agg(o.oem order by o.oem), '[]'::json) from article_oem o where o.article_id = p.id) as oem,
      ${client}
    from ${page} p order by ${order}`;
}

/** `(1, 2, 3)` with every id bound. */
function idList(ids: number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
