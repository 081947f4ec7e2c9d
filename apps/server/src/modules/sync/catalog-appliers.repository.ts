import { FAMILY_CODES } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { idRow, int } from '../../db/rows.ts';
import { pgArray, type RowOutcome, recordset, rowOutcome } from './sync-appliers.repository.ts';

/**
 * The set-based batch appliers of the catalogue's feeds, articles and stores (decision 0065), next to those of
 * sync-appliers.ts (decision 0060). A batch is a few statements, all in the caller's transaction: the rows first
 * (one upsert), then each child collection a row gives (names, OEM codes, fitments) replaced as a whole, each
 * statement writing only what differs. A row is applied when any of them wrote for it, unchanged when none did.
 * Of two rows of a batch with the same key the later wins; the earlier counts as unchanged.
 */

/** An article's fields; one left undefined keeps the portal's value; a collection given replaces the article's. */
export type ArticleInput = {
  itemId: string;
  name?: string;
  names?: { lang: string; name: string }[];
  family?: string;
  supplier?: string;
  pv1d?: string;
  novelty?: boolean;
  offer?: boolean;
  /** null clears the code. */
  eurocode?: string | null;
  oem?: string[];
  fitments?: { modelId: number; engineId: number | null }[];
  remove?: boolean;
};

/** A store's fields; one left undefined keeps the portal's value. A new store needs its name, address and position. */
export type StoreInput = {
  storeId: string;
  name?: string;
  street?: string;
  city?: string;
  zipcode?: string;
  province?: string;
  latitude?: number;
  longitude?: number;
  phone?: string;
  noticeEmail?: string;
  returnEmail?: string;
  remove?: boolean;
};

const resolvedArticle = z.object({
  n: int,
  reason: rowOutcome.nullable(),
  winner: z.boolean(),
  remove: z.boolean(),
  article_id: int.nullable(),
  written: z.boolean(),
  family_changed: z.boolean(),
});

const ids = (values: Iterable<number>) => sql`${pgArray([...values])}::int[]`;

/**
 * Articles by ITEMID (`ref_jumasa`). A new one needs its name, family, brand and a price: the row's PV1D, or the
 * price the prices feed kept in the sync error queue for that ITEMID, which is then resolved in the same statement.
 * The normalised columns (`ref_norm`, the codes, `search_text`) come from the catalogue's SQL functions
 * (migration 0041), as the seed writes them; `search_text` is computed again only when its parts change.
 */
export async function applyArticles(db: Db, rows: ArticleInput[], now: Date): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  const input = rows.map((r) => ({
    item_id: r.itemId,
    name: r.name ?? null,
    family: r.family ?? null,
    supplier: r.supplier ?? null,
    pv1d: r.pv1d ?? null,
    novelty: r.novelty ?? null,
    offer: r.offer ?? null,
    eurocode: r.eurocode ?? null,
    eurocode_set: r.eurocode !== undefined,
    oem: r.oem ?? null,
    fitments: r.fitments?.map((f) => ({ model: f.modelId, engine: f.engineId })) ?? null,
    remove: r.remove === true,
  }));
  // New articles take the ids after the largest: one batch at a time creates them.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('portal.articles.id'))`);
  const resolved = await queryRows(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${recordset(input)})
            as r(n int, item_id text, name text, family text, supplier text, pv1d numeric, novelty boolean,
                 offer boolean, eurocode text, eurocode_set boolean, oem jsonb, fitments jsonb, remove boolean)),
        kept as (
          select distinct on (item_key) item_key, (payload->>'pv1d')::numeric as pv1d from sync_errors
           where proc_name = 'ArticlesPrices' and resolved_at is null
             and item_key in (select item_id from input)
           order by item_key, id desc),
        -- The rows naming a model that does not exist or an engine of another model: the whole batch's fitments
        -- against the vehicles at once.
        bad_vehicles as (
          select distinct i.n
            from input i cross join jsonb_to_recordset(i.fitments) f(model int, engine int)
            left join vehicle_models m on m.id = f.model
            left join vehicle_engines e on e.id = f.engine and e.model_id = f.model
           where i.fitments is not null and (m.id is null or (f.engine is not null and e.id is null))),
        resolved as (
          select i.*, a.id as found, k.pv1d as kept_pv1d,
                 case when i.remove then null
                      when i.family is not null and not (i.family = any(${pgArray([...FAMILY_CODES])}::text[]))
                        then 'unknown-family'
                      when a.id is null and (i.name is null or i.family is null or i.supplier is null
                                             or coalesce(i.pv1d, k.pv1d) is null) then 'unknown-article'
                      when v.n is not null then 'unknown-vehicle'
                 end as reason
            from input i
            left join articles a on a.ref_jumasa = i.item_id
            left join kept k on k.item_key = i.item_id and a.id is null
            left join bad_vehicles v on v.n = i.n),
        winners as (
          select distinct on (item_id) * from resolved where reason is null order by item_id, n desc),
        target as (
          select w.n, w.item_id, w.found, w.kept_pv1d, a.family_code as old_family, a.withdrawn as was_withdrawn,
                 ap.pv1d as old_pv1d,
                 a.description as old_description, a.eurocode as old_eurocode, a.search_text as old_search_text,
                 coalesce(w.name, a.description) as description,
                 coalesce(w.family, a.family_code) as family_code,
                 coalesce(w.supplier, a.supplier) as supplier,
                 coalesce(w.pv1d, ap.pv1d, w.kept_pv1d) as pv1d,
                 coalesce(w.novelty, a.novelty, false) as novelty,
                 coalesce(w.offer, a.offer, false) as offer,
                 case when w.eurocode_set then catalog_code_norm(w.eurocode) else a.eurocode end as eurocode,
                 catalog_code_norm(w.item_id) as ref_norm,
                 -- The codes given, normalised, each once, in the order given.
                 case when w.oem is not null then coalesce((
                   select array_agg(c order by o)
                     from (select catalog_code_norm(v) as c, min(o) as o
                             from jsonb_array_elements_text(w.oem) with ordinality t(v, o) group by 1) s), '{}')
                 end as oem_norms,
                 coalesce((select array_agg(x.oem_norm order by x.oem_norm) from article_oem x
                            where x.article_id = w.found), '{}') as old_oem_norms
            from winners w left join articles a on a.id = w.found left join article_prices ap on ap.article_id = w.found
           where not w.remove),
        texts as (
          select t.*,
                 case when t.found is null or t.was_withdrawn or t.description is distinct from t.old_description
                           or t.eurocode is distinct from t.old_eurocode
                           or (t.oem_norms is not null and
                               coalesce((select array_agg(c order by c) from unnest(t.oem_norms) c), '{}')
                                 is distinct from t.old_oem_norms)
                      then article_search_text(t.ref_norm, t.description, t.eurocode,
                                               coalesce(t.oem_norms, t.old_oem_norms))
                      else t.old_search_text end as search_text
            from target t),
        updated as (
          update articles a
             set description = t.description, family_code = t.family_code, supplier = t.supplier,
                 novelty = t.novelty, offer = t.offer, eurocode = t.eurocode, ref_norm = t.ref_norm,
                 search_text = t.search_text, withdrawn = false
            from texts t
           where t.found is not null and a.id = t.found
             and (a.description, a.family_code, a.supplier, a.novelty, a.offer, a.eurocode, a.ref_norm,
                  a.search_text, a.withdrawn)
                 is distinct from
                 (t.description, t.family_code, t.supplier, t.novelty, t.offer, t.eurocode, t.ref_norm,
                  t.search_text, false)
          returning a.id),
        -- The price of a known article (decision 0078), in its own table: a row whose price alone changed writes
        -- no article.
        repriced as (
          insert into article_prices (article_id, pv1d)
          select t.found, t.pv1d from texts t where t.found is not null and t.pv1d is distinct from t.old_pv1d
          on conflict (article_id) do update set pv1d = excluded.pv1d
            where article_prices.pv1d is distinct from excluded.pv1d
          returning article_id),
        inserted as (
          insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, novelty, offer,
                                eurocode, image_count, search_text)
          select (select coalesce(max(id), 0) from articles) + row_number() over (order by t.n), t.item_id,
                 t.ref_norm, t.supplier, t.family_code, t.description, t.novelty, t.offer, t.eurocode, 0,
                 t.search_text
            from texts t where t.found is null
          on conflict (ref_jumasa) do nothing
          returning id, ref_jumasa),
        -- A new article's price, in the same statement: no article is without its price row.
        priced as (
          insert into article_prices (article_id, pv1d)
          select ins.id, t.pv1d from inserted ins join texts t on t.item_id = ins.ref_jumasa
          returning article_id),
        -- The price the prices feed kept for a new ITEMID is applied (above) and resolved: it cannot come back.
        kept_resolved as (
          update sync_errors e set resolved_at = ${now.toISOString()}
            from inserted i
           where e.proc_name = 'ArticlesPrices' and e.resolved_at is null and e.item_key = i.ref_jumasa
          returning e.id)
        select r.n, r.reason, coalesce(w.n = r.n, false) as winner, r.remove,
               coalesce(w.found, ins.id) as article_id,
               (u.id is not null or ins.id is not null or rp.article_id is not null) as written,
               coalesce(t.found is not null and t.family_code is distinct from t.old_family, false) as family_changed
          from resolved r
          left join winners w on w.item_id = r.item_id
          left join texts t on t.item_id = r.item_id
          left join updated u on u.id = t.found
          left join repriced rp on rp.article_id = t.found
          left join inserted ins on ins.ref_jumasa = r.item_id
         order by r.n`,
    resolvedArticle,
  );

  const changed = new Set<number>();
  const add = (list: { id: number }[]) => {
    for (const r of list) changed.add(r.id);
  };
  const winners = resolved.filter((r) => r.winner && r.article_id !== null);
  const given = <T>(pick: (row: ArticleInput) => T | undefined) =>
    winners.flatMap((r) => {
      const value = pick(rows[r.n]!);
      return r.remove || value === undefined ? [] : [{ article_id: r.article_id!, value }];
    });

  const removes = winners.filter((r) => r.remove).map((r) => r.article_id!);
  if (removes.length > 0) add(await removeArticles(db, removes));

  const oem = given((row) => row.oem);
  if (oem.length > 0) {
    add(
      await queryRows(
        db,
        sql`with input as (
              select * from jsonb_to_recordset(${JSON.stringify(oem)}::jsonb) as r(article_id int, value jsonb)),
            wanted as (
              select distinct on (i.article_id, catalog_code_norm(v)) i.article_id, v as oem, catalog_code_norm(v) as oem_norm
                from input i cross join jsonb_array_elements_text(i.value) with ordinality t(v, o)
               order by i.article_id, catalog_code_norm(v), o),
            removed as (
              delete from article_oem x using input i
               where x.article_id = i.article_id
                 and not exists (select 1 from wanted w where w.article_id = x.article_id and w.oem_norm = x.oem_norm)
              returning x.article_id),
            upserted as (
              insert into article_oem (article_id, oem, oem_norm) select article_id, oem, oem_norm from wanted
              on conflict (article_id, oem_norm) do update set oem = excluded.oem
                where article_oem.oem is distinct from excluded.oem
              returning article_id)
            select article_id as id from removed union select article_id from upserted`,
        idRow,
      ),
    );
  }

  const names = given((row) => row.names);
  if (names.length > 0) {
    add(
      await queryRows(
        db,
        sql`with input as (
              select * from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as r(article_id int, value jsonb)),
            wanted as (
              select i.article_id, x.lang, x.name
                from input i cross join jsonb_to_recordset(i.value) x(lang text, name text)),
            removed as (
              delete from article_names x using input i
               where x.article_id = i.article_id
                 and not exists (select 1 from wanted w where w.article_id = x.article_id and w.lang = x.lang)
              returning x.article_id),
            upserted as (
              insert into article_names (article_id, lang, name) select article_id, lang, name from wanted
              on conflict (article_id, lang) do update set name = excluded.name
                where article_names.name is distinct from excluded.name
              returning article_id)
            select article_id as id from removed union select article_id from upserted`,
        idRow,
      ),
    );
  }

  // Fitments carry their article's family and reference, and article_makes each make an article fits (migrations
  // 0003, 0007): kept for the articles whose fitments or family changed.
  const touched = new Set(resolved.filter((r) => r.family_changed).map((r) => r.article_id!));
  const fitments = given((row) => row.fitments?.map((f) => ({ model: f.modelId, engine: f.engineId })));
  if (fitments.length > 0) {
    const moved = await queryRows(
      db,
      sql`with input as (
            select * from jsonb_to_recordset(${JSON.stringify(fitments)}::jsonb) as r(article_id int, value jsonb)),
          wanted as (
            select distinct i.article_id, m.make_id, f.model as model_id, f.engine as engine_id
              from input i cross join jsonb_to_recordset(i.value) f(model int, engine int)
              join vehicle_models m on m.id = f.model),
          -- The batch's articles and their fitments, read through their ids (never a whole table).
          arts as (
            select a.id, a.family_code, a.ref_jumasa from input i join articles a on a.id = i.article_id),
          existing as (
            select x.article_id, x.model_id, x.engine_id from input i join fitments x on x.article_id = i.article_id),
          removed as (
            delete from fitments x using input i
             where x.article_id = i.article_id
               and not exists (select 1 from wanted w where w.article_id = x.article_id and w.model_id = x.model_id
                                 and w.engine_id is not distinct from x.engine_id)
            returning x.article_id),
          added as (
            insert into fitments (article_id, make_id, model_id, family_code, ref_jumasa, engine_id)
            select w.article_id, w.make_id, w.model_id, a.family_code, a.ref_jumasa, w.engine_id
              from wanted w join arts a on a.id = w.article_id
             where not exists (select 1 from existing x where x.article_id = w.article_id
                                 and x.model_id = w.model_id and x.engine_id is not distinct from w.engine_id)
            returning article_id)
          select article_id as id from removed union select article_id from added`,
      idRow,
    );
    add(moved);
    for (const r of moved) touched.add(r.id);
  }
  if (touched.size > 0) {
    await db.execute(sql`with touched as (select unnest(${ids(touched)}) as article_id),
        families as (
          update fitments f set family_code = a.family_code from touched t join articles a on a.id = t.article_id
           where f.article_id = t.article_id and f.family_code <> a.family_code),
        gone as (
          delete from article_makes m using touched t
           where m.article_id = t.article_id
             and not exists (select 1 from fitments f where f.article_id = m.article_id and f.make_id = m.make_id))
        insert into article_makes (make_id, article_id, family_code, ref_jumasa)
        select distinct f.make_id, f.article_id, a.family_code, a.ref_jumasa
          from touched t join fitments f on f.article_id = t.article_id join articles a on a.id = t.article_id
        on conflict (make_id, article_id) do update set family_code = excluded.family_code
          where article_makes.family_code is distinct from excluded.family_code`);
  }

  return resolved.map((r) => {
    if (r.reason) return r.reason;
    if (!r.winner || r.article_id === null) return 'unchanged';
    return r.written || changed.has(r.article_id) ? 'applied' : 'unchanged';
  });
}

/**
 * Deletes articles, or withdraws from sale those the portal's records refer to (web order lines, refund lines, the
 * ERP's document lines): the row stays for them, marked `withdrawn`, with no search text (its word postings go), no
 * stock, client prices, fitments or makes; the catalogue's searches leave it out. Cart lines of either go: a cart is
 * no record. Answers the articles written.
 */
async function removeArticles(db: Db, articleIds: number[]): Promise<{ id: number }[]> {
  const list = ids(articleIds);
  const carts = await queryRows(
    db,
    sql`delete from cart_lines where article_id = any(${list}) returning article_id as id`,
    idRow,
  );
  const written = await queryRows(
    db,
    sql`with kept as (
          select article_id as id from web_order_lines where article_id = any(${list})
          union select article_id from refund_lines where article_id = any(${list})
          union select article_id from erp_sales_lines where article_id = any(${list})
          union select article_id from erp_packing_slip_lines where article_id = any(${list})
          union select article_id from erp_invoice_lines where article_id = any(${list})),
        withdrawn as (
          update articles a set withdrawn = true, novelty = false, offer = false, search_text = ''
            from kept k where a.id = k.id and not a.withdrawn
          returning a.id),
        stock_gone as (delete from stock s using kept k where s.article_id = k.id returning s.article_id as id),
        prices_gone as (
          delete from client_article_prices p using kept k where p.article_id = k.id returning p.article_id as id),
        fitments_gone as (delete from fitments f using kept k where f.article_id = k.id returning f.article_id as id),
        makes_gone as (delete from article_makes m using kept k where m.article_id = k.id returning m.article_id as id),
        deleted as (
          delete from articles a where a.id = any(${list}) and a.id not in (select id from kept) returning a.id)
        select id from withdrawn union select id from stock_gone union select id from prices_gone
        union select id from fitments_gone union select id from makes_gone union select id from deleted`,
    idRow,
  );
  return [...carts, ...written];
}

/**
 * Stores by INVENTLOCATIONID: a known one updated (only what differs is written; sent again, a deactivated store is
 * active again), a new one created. A delete removes the store's stock and its carts' choice of it, then deletes the
 * store, or deactivates it when clients, web orders, refunds or the ERP's documents refer to it.
 */
export async function applyStores(db: Db, rows: StoreInput[]): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  const input = rows.map((r) => ({
    id: r.storeId,
    name: r.name ?? null,
    street: r.street ?? null,
    city: r.city ?? null,
    zipcode: r.zipcode ?? null,
    province: r.province ?? null,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    phone: r.phone ?? null,
    notice_email: r.noticeEmail ?? null,
    return_email: r.returnEmail ?? null,
    remove: r.remove === true,
  }));
  const resolved = await queryRows(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${recordset(input)})
            as r(n int, id text, name text, street text, city text, zipcode text, province text, latitude numeric,
                 longitude numeric, phone text, notice_email text, return_email text, remove boolean)),
        checked as (
          select i.*, s.id as found,
                 case when not i.remove and s.id is null
                       and (i.name is null or i.street is null or i.city is null or i.zipcode is null
                            or i.province is null or i.latitude is null or i.longitude is null)
                      then 'unknown-store' end as reason
            from input i left join stores s on s.id = i.id),
        winners as (
          select distinct on (id) * from checked where reason is null order by id, n desc),
        updated as (
          update stores s
             set name = coalesce(w.name, s.name), street = coalesce(w.street, s.street),
                 city = coalesce(w.city, s.city), zipcode = coalesce(w.zipcode, s.zipcode),
                 province = coalesce(w.province, s.province), latitude = coalesce(w.latitude, s.latitude),
                 longitude = coalesce(w.longitude, s.longitude), phone = coalesce(w.phone, s.phone),
                 notice_email = coalesce(w.notice_email, s.notice_email),
                 return_email = coalesce(w.return_email, s.return_email), active = true
            from winners w
           where not w.remove and w.found is not null and s.id = w.id
             and (coalesce(w.name, s.name), coalesce(w.street, s.street), coalesce(w.city, s.city),
                  coalesce(w.zipcode, s.zipcode), coalesce(w.province, s.province),
                  coalesce(w.latitude, s.latitude), coalesce(w.longitude, s.longitude), coalesce(w.phone, s.phone),
                  coalesce(w.notice_email, s.notice_email), coalesce(w.return_email, s.return_email), true)
                 is distinct from
                 (s.name, s.street, s.city, s.zipcode, s.province, s.latitude, s.longitude, s.phone, s.notice_email,
                  s.return_email, s.active)
          returning s.id),
        inserted as (
          insert into stores (id, name, street, city, zipcode, province, latitude, longitude, phone, notice_email,
                              return_email)
          select id, name, street, city, zipcode, province, latitude, longitude, phone, notice_email, return_email
            from winners where not remove and found is null
          on conflict (id) do nothing
          returning id)
        select c.n, c.reason, coalesce(w.n = c.n, false) as winner, c.remove, c.id,
               (u.id is not null or ins.id is not null) as written
          from checked c
          left join winners w on w.id = c.id
          left join updated u on u.id = c.id
          left join inserted ins on ins.id = c.id
         order by c.n`,
    z.object({
      n: int,
      reason: rowOutcome.nullable(),
      winner: z.boolean(),
      remove: z.boolean(),
      id: z.string(),
      written: z.boolean(),
    }),
  );
  const removes = resolved.filter((r) => r.winner && r.remove).map((r) => r.id);
  const removed = new Set<string>();
  if (removes.length > 0) {
    const list = sql`${pgArray(removes)}::text[]`;
    const cleared = await queryRows(
      db,
      sql`with stock_gone as (delete from stock where store_id = any(${list}) returning store_id as id),
          carts as (update cart_lines set store_id = null where store_id = any(${list}) returning store_id as id)
          select id from stock_gone union select id from carts`,
      z.object({ id: z.string() }),
    );
    const gone = await queryRows(
      db,
      sql`with kept as (
            select store_id as id from clients where store_id = any(${list})
            union select store_id from web_orders where store_id = any(${list})
            union select store_id from refunds where store_id = any(${list})
            union select store_id from erp_sales_orders where store_id = any(${list})
            union select store_id from erp_packing_slips where store_id = any(${list})),
          deactivated as (
            update stores s set active = false from kept k where s.id = k.id and s.active returning s.id),
          deleted as (
            delete from stores s where s.id = any(${list}) and s.id not in (select id from kept) returning s.id)
          select id from deactivated union select id from deleted`,
      z.object({ id: z.string() }),
    );
    for (const r of [...cleared, ...gone]) removed.add(r.id);
  }
  return resolved.map((r) => {
    if (r.reason) return r.reason;
    if (!r.winner) return 'unchanged';
    return r.written || (r.remove && removed.has(r.id)) ? 'applied' : 'unchanged';
  });
}
