import { GLASS_FAMILY, normalizeCode, normalizeReference, type ProductListQuery } from '@portal/contract/catalog';
import { type SQL, sql } from 'drizzle-orm';
import { likeEscape, prefixRange, type WordStream } from './catalog-search.ts';

// The catalogue search's SQL (issue 24: SQL builders are *.sql.ts): the conditions and the postings' statements
// built from a search, which catalog.repository.ts runs; the words they read are chosen in catalog-search.ts.
/**
 * Whether the streams still hold: each token is a catalogue word of two characters or more containing its word,
 * and no other catalogue word contains it. It refers to no row: a statement evaluates it once.
 */
export function streamsHold(streams: WordStream[]): SQL {
  return sql.join(
    streams.map(
      (s) =>
        sql`(exists (select 1 from search_words v where v.word = ${s.token} and strpos(v.word, ${s.word}) > 0 and char_length(v.word) > 1)
          and not exists (select 1 from search_words v where v.word like ${`%${likeEscape(s.word)}%`} and v.word <> ${s.token}))`,
    ),
    sql` and `,
  );
}

/**
 * The matches of a free-text search read through word postings in reference order, up to `limit`: the lead
 * word's postings, each kept if the other words' postings hold it too, and, when the search has anything else
 * (a family, flags, a make, words read otherwise), if the article meets every condition (`where`).
 */
export function streamMatches(q: ProductListQuery, streams: WordStream[], where: SQL, hold: SQL, limit: SQL): SQL {
  const [lead, ...rest] = streams as [WordStream, ...WordStream[]];
  // Postings meet on the reference alone: it is unique (articles_ref_jumasa), and with a single key the planner
  // sees how many will match, so it merges the postings in order and stops at the limit, custom plan or generic,
  // instead of hashing every posting of each word (90 ms for two words in 100,000 articles each).
  const conditions = rest.map(
    (s) => sql`exists (select 1 from article_words y where y.word = ${s.token} and y.ref_jumasa = s.ref_jumasa)`,
  );
  const wordsOnly =
    !q.familia && !q.novelty && !q.offer && !q.marca && q.filter.every((w) => streams.some((s) => s.word === w));
  if (!wordsOnly) conditions.push(sql`exists (select 1 from articles a where a.id = s.article_id and ${where})`);
  return sql`select s.article_id as id, s.ref_jumasa from article_words s
    where s.word = ${lead.token} and ${andAll(conditions)} and ${hold}
    order by s.ref_jumasa, s.article_id limit ${limit}`;
}

/**
 * The WHERE conditions of a catalogue search on `articles a` (docs/decisions/0009). Vehicle filters go
 * through the fitments; in the per-vehicle variant (`fitmentAlias`) they apply to that fitment row.
 */
export function searchConditions(q: ProductListQuery, fitmentAlias?: string): SQL[] {
  // An article the ERP deleted while records refer to it is withdrawn from sale (decision 0065).
  const where: SQL[] = [sql`not a.withdrawn`];
  const family = q.manufacturerrefEUROCODE ? GLASS_FAMILY : q.familia;
  if (family) where.push(sql`a.family_code = ${family}`);
  if (q.novelty) where.push(sql`a.novelty`);
  if (q.offer) where.push(sql`a.offer`);
  if (q.searchbyreference) {
    // Contained in the reference: the articles holding its last 5 characters (the most particular part of a
    // reference: its digits), checked whole (migration 0008).
    const text = normalizeReference(q.searchbyreference);
    where.push(
      sql`a.id in (select g.article_id from article_ref_grams g where g.gram = ${[...text].slice(-5).join('')})`,
      sql`a.ref_norm like ${`%${likeEscape(text)}%`}`,
    );
  }
  if (q.manufacturerrefOEM) {
    where.push(
      sql`a.id in (select o.article_id from article_oem o where o.oem_norm = ${normalizeCode(q.manufacturerrefOEM)})`,
    );
  }
  if (q.manufacturerrefEUROCODE) {
    // Starting with it; the pattern operators are those of the index (text_pattern_ops). From 4 characters
    // on, the vehicle number (the first 4) is an equality, which keeps its plan when prepared (migration 0009).
    const code = normalizeCode(q.manufacturerrefEUROCODE);
    const [from, to] = prefixRange(code);
    const vehicle = [...code].length >= 4 ? sql`left(a.eurocode, 4) = ${[...code].slice(0, 4).join('')} and ` : sql``;
    where.push(sql`${vehicle}a.eurocode ~>=~ ${from} and a.eurocode ~<~ ${to}`);
  }
  // Free text: its words (parsed once by the contract), each in the reference, the description or the codes.
  for (const word of q.filter) where.push(sql`a.search_text like ${`%${likeEscape(word)}%`}`);

  const vehicle = vehicleCondition(q, fitmentAlias ? sql.raw(fitmentAlias) : sql.raw('f'));
  if (vehicle) {
    if (fitmentAlias) where.push(vehicle);
    // A model or engine has few articles: let the fitments lead (IN). A make has many: probe per article
    // (EXISTS), so that the reference-ordered walk of a broad search can stop at the page.
    else if (q.modelo || q.motor) {
      const sameFamily = family ? sql` and f.family_code = ${family}` : sql``;
      where.push(sql`a.id in (select f.article_id from fitments f where ${vehicle}${sameFamily})`);
    } else where.push(sql`exists (select 1 from fitments f where f.article_id = a.id and ${vehicle})`);
  }
  return where;
}

export function vehicleCondition(q: ProductListQuery, f: SQL): SQL | null {
  if (q.motor) {
    // The engine's own fitments and the model's fitments for every engine: one range of the model index.
    return sql`(${f}.model_id = (select e.model_id from vehicle_engines e where e.id = ${q.motor}) and (${f}.engine_id = ${q.motor} or ${f}.engine_id is null))`;
  }
  if (q.modelo) return sql`${f}.model_id = ${q.modelo}`;
  if (q.marca) return sql`${f}.make_id = ${q.marca}`;
  return null;
}

/** The conditions a make-led walk still checks on the article itself: the flags. */
export function flagConditions(q: ProductListQuery): SQL[] {
  const where: SQL[] = [];
  if (q.novelty) where.push(sql`a.novelty`);
  if (q.offer) where.push(sql`a.offer`);
  return where;
}

export const andAll = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);
