import { LANGUAGE_KEYS, type LanguageKey } from '@portal/contract/constants';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { imageUrl } from '@portal/contract/images';
import {
  helpStore,
  POST_IMAGE_SLOTS,
  POST_KINDS,
  POST_SLOT_SIZE,
  POSTS_GRID,
  type PostDetail,
  type PostGridRow,
  type PostSummary,
  type PutPostData,
  postGridRow,
} from '@portal/contract/posts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { countRow, idRow, presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { EVERY_CLIENT_COUNT_CAP, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

const summaryRow = z.object({
  id: z.number(),
  kind: z.number(),
  lang: z.enum(LANGUAGE_KEYS),
  title: z.string(),
  summary: z.string(),
  created: z.string(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  th_id: z.number().nullable(),
  th_hash: z.string().nullable(),
  bn_id: z.number().nullable(),
  bn_hash: z.string().nullable(),
});
type SummaryRow = z.infer<typeof summaryRow>;

const textRow = z.object({
  lang: z.enum(LANGUAGE_KEYS),
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  image_thumbnail_id: z.number().nullable(),
  image_medium_id: z.number().nullable(),
  image_banner_id: z.number().nullable(),
  th_hash: z.string().nullable(),
  md_hash: z.string().nullable(),
  bn_hash: z.string().nullable(),
});

const postRow = z.object({
  id: z.number(),
  kind: z.number(),
  active: z.boolean(),
  category_id: z.number().nullable(),
  category: z.string().nullable(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  slug: z.string().nullable(),
});

/** The languages in the order the portal lists them. */
const LANG_ORDER = sql`array_position(array['es','en','fr','pt'], t.lang)`;

/**
 * The select of post summaries in one language: the thumbnail is the thumbnail slot (else medium, else banner), the
 * banner the banner slot (else medium, else thumbnail), each served in its own size.
 */
const summarySelect = (lang: LanguageKey, where: SQL, order: SQL, limit: number, offset = 0) => sql`
  select p.id, p.kind::int as kind, t.lang, t.title, t.summary,
         ${isoTimestamp(sql`p.created_at`)} as created,
         case when p.starts_at is null then null else ${isoTimestamp(sql`p.starts_at`)} end as starts,
         case when p.ends_at is null then null else ${isoTimestamp(sql`p.ends_at`)} end as ends,
         th.id as th_id, th.content_hash as th_hash, bn.id as bn_id, bn.content_hash as bn_hash
    from posts p
    join post_texts t on t.post_id = p.id and t.lang = ${lang}
    left join images th on th.id = coalesce(t.image_thumbnail_id, t.image_medium_id, t.image_banner_id)
    left join images bn on bn.id = coalesce(t.image_banner_id, t.image_medium_id, t.image_thumbnail_id)
   where ${where}
   order by ${order}
   limit ${limit} offset ${offset}`;

const toSummary = (r: SummaryRow): PostSummary => ({
  id_post: r.id,
  post_cod: r.kind,
  idioma_cod: r.lang,
  titulo: r.title,
  resumen: r.summary,
  fecha_creacion: r.created,
  fecha_inicio: r.starts,
  fecha_fin: r.ends,
  thumbnail: r.th_id !== null && r.th_hash ? imageUrl(r.th_id, r.th_hash, 1) : null,
  banner: r.bn_id !== null && r.bn_hash ? imageUrl(r.bn_id, r.bn_hash, 3) : null,
});

const slotImage = (id: number | null, hash: string | null, size: 1 | 2 | 3) =>
  id !== null && hash ? { id, url: imageUrl(id, hash, size) } : null;

/** The grid's name of a post: its Spanish title, else the first language's. */
export function gridName(texts: PutPostData['postposted']): string {
  return (texts.find((t) => t.idioma_cod === 'es') ?? texts[0]!).titulo;
}

/** The posts grid's allow-list over `posts p`. */
const POSTS_GRID_SPEC = gridSpec(
  POSTS_GRID,
  {
    Id_Post: { column: sql`p.id`, integer: true },
    Nombre: sql`p.name`,
    Fecha_Creacion: sql`p.created_at`,
    Fecha_Modificacion: sql`p.updated_at`,
    SW_Activo: sql`p.active`,
  },
  sql`p.id`,
);

export function postsRepository(db: Db) {
  return {
    /**
     * The posts grid of a kind (admins): those written in `lang` when it is given. `keptCount` keeps the count while
     * the content does not change (posts-kept.ts).
     */
    grid(
      query: GridQuery,
      kind: number,
      lang: LanguageKey | undefined,
      keptCount: (load: () => Promise<number>) => Promise<number>,
    ): Promise<GridResponse<PostGridRow>> {
      return runGrid(
        db,
        planGrid(POSTS_GRID_SPEC, query),
        {
          table: 'posts',
          alias: 'p',
          key: 'id',
          scope: [
            sql`p.kind = ${kind}`,
            lang ? sql`exists (select 1 from post_texts x where x.post_id = p.id and x.lang = ${lang})` : undefined,
          ],
          // Admins only: "more than 1,000 posts" is enough to refine by name (decision 0012).
          countCap: EVERY_CLIENT_COUNT_CAP,
          keptCount,
          project: (page) => sql`
          select p.id as "Id_Post", p.name as "Nombre", ${isoTimestamp(sql`p.created_at`)} as "Fecha_Creacion",
                 ${isoTimestamp(sql`p.updated_at`)} as "Fecha_Modificacion", p.active as "SW_Activo",
                 coalesce((select string_agg(t.lang, ',' order by array_position(array['es','en','fr','pt'], t.lang))
                             from post_texts t where t.post_id = p.id), '') as "Idiomas"
            from ${page} p`,
        },
        postGridRow,
      );
    },

    /** A post with its languages (all, or only `lang`), its related posts and the name of its category. */
    async detail(id: number, lang?: LanguageKey): Promise<PostDetail | null> {
      const [post] = await queryRows(
        db,
        sql`select p.id, p.kind::int as kind, p.active, p.category_id, p.slug,
                   (select ct.name from category_texts ct where ct.category_id = p.category_id
                     order by (ct.lang = ${lang ?? 'es'}) desc, (ct.lang = 'es') desc, ct.lang limit 1) as category,
                   case when p.starts_at is null then null else ${isoTimestamp(sql`p.starts_at`)} end as starts,
                   case when p.ends_at is null then null else ${isoTimestamp(sql`p.ends_at`)} end as ends,
                   ${isoTimestamp(sql`p.created_at`)} as created, ${isoTimestamp(sql`p.updated_at`)} as updated
              from posts p where p.id = ${id}`,
        postRow,
      );
      if (!post) return null;
      const texts = await queryRows(
        db,
        sql`select t.lang, t.title, t.summary, t.body_html,
                   th.id as image_thumbnail_id, md.id as image_medium_id, bn.id as image_banner_id,
                   th.content_hash as th_hash, md.content_hash as md_hash, bn.content_hash as bn_hash
              from post_texts t
              left join images th on th.id = t.image_thumbnail_id
              left join images md on md.id = t.image_medium_id
              left join images bn on bn.id = t.image_banner_id
             where t.post_id = ${id} ${lang ? sql`and t.lang = ${lang}` : sql``}
             order by ${LANG_ORDER}`,
        textRow,
      );
      const related = await queryRows(
        db,
        sql`select r.post_id from post_relations r
             ${lang ? sql`join posts p on p.id = r.post_id and p.active and exists (select 1 from post_texts x where x.post_id = p.id and x.lang = ${lang})` : sql``}
             where r.event_id = ${id} order by r.position, r.post_id`,
        z.object({ post_id: z.number() }),
      );
      return {
        id_post: post.id,
        post_cod: post.kind,
        sw_activo: post.active,
        id_categoria: post.category_id,
        categoria: post.category,
        fecha_inicio: post.starts,
        fecha_fin: post.ends,
        fecha_creacion: post.created,
        fecha_modificacion: post.updated,
        relacionados: related.map((r) => r.post_id),
        slug: post.slug,
        postposted: texts.map((t) => ({
          idioma_cod: t.lang,
          titulo: t.title,
          resumen: t.summary,
          contenido: t.body_html,
          image_thumbnail_id: t.image_thumbnail_id,
          image_medium_id: t.image_medium_id,
          image_banner_id: t.image_banner_id,
          images: {
            image_thumbnail_id: slotImage(t.image_thumbnail_id, t.th_hash, POST_SLOT_SIZE.image_thumbnail_id),
            image_medium_id: slotImage(t.image_medium_id, t.md_hash, POST_SLOT_SIZE.image_medium_id),
            image_banner_id: slotImage(t.image_banner_id, t.bn_hash, POST_SLOT_SIZE.image_banner_id),
          },
        })),
      };
    },

    /** Is the post active and written in `lang`? (What a customer may read.) */
    async readable(id: number, lang: LanguageKey): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 as ok from posts p join post_texts t on t.post_id = p.id and t.lang = ${lang}
             where p.id = ${id} and p.active`,
        z.object({ ok: z.number() }),
      );
      return rows.length > 0;
    },

    async kindOf(id: number): Promise<number | null> {
      const [row] = await queryRows(
        db,
        sql`select kind::int as kind from posts where id = ${id}`,
        z.object({ kind: z.number() }),
      );
      return row?.kind ?? null;
    },

    async categoryExists(id: number): Promise<boolean> {
      return (await queryRows(db, sql`select 1 from categories where id = ${id}`, presenceRow)).length > 0;
    },

    /** The ids among `ids` that are not images of the gallery. */
    async missingImages(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await queryRows(
        db,
        sql`select id from images where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
        idRow,
      );
      const have = new Set(found.map((f) => f.id));
      return ids.filter((i) => !have.has(i));
    },

    /** The ids among `ids` that are not posts. */
    async missingPosts(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await queryRows(
        db,
        sql`select id from posts where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
        idRow,
      );
      const have = new Set(found.map((f) => f.id));
      return ids.filter((i) => !have.has(i));
    },

    /**
     * Creates (id 0) or replaces a post, its languages and its related posts in one transaction; null when the id
     * does not exist. The HTML given is already sanitised.
     */
    save(id: number, data: PutPostData, userId: string | null, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const event = data.post_cod === POST_KINDS.calendar;
        const starts = event && data.fecha_inicio ? new Date(data.fecha_inicio).toISOString() : null;
        const ends = event && data.fecha_fin ? new Date(data.fecha_fin).toISOString() : null;
        const name = gridName(data.postposted);
        let postId: number;
        if (id === 0) {
          const [row] = await queryRows(
            tx,
            sql`insert into posts (kind, name, category_id, active, starts_at, ends_at, created_by, created_at, updated_at)
                values (${data.post_cod}, ${name}, ${data.id_categoria}, ${data.sw_activo}, ${starts}, ${ends},
                        ${userId}, ${now.toISOString()}, ${now.toISOString()})
                returning id`,
            idRow,
          );
          postId = row!.id;
        } else {
          const rows = await queryRows(
            tx,
            sql`update posts set name = ${name}, category_id = ${data.id_categoria}, active = ${data.sw_activo},
                       starts_at = ${starts}, ends_at = ${ends}, updated_at = ${now.toISOString()}
                 where id = ${id} returning id`,
            idRow,
          );
          if (rows.length === 0) return null;
          postId = id;
          await tx.execute(sql`delete from post_texts where post_id = ${id}`);
          await tx.execute(sql`delete from post_relations where event_id = ${id}`);
        }
        for (const t of data.postposted) {
          await tx.execute(
            sql`insert into post_texts (post_id, lang, title, summary, body_html,
                                        image_thumbnail_id, image_medium_id, image_banner_id)
                values (${postId}, ${t.idioma_cod}, ${t.titulo}, ${t.resumen}, ${t.contenido},
                        ${t.image_thumbnail_id}, ${t.image_medium_id}, ${t.image_banner_id})`,
          );
        }
        for (const [position, related] of data.relacionados.entries()) {
          await tx.execute(
            sql`insert into post_relations (event_id, post_id, position) values (${postId}, ${related}, ${position})`,
          );
        }
        return postId;
      });
    },

    async remove(id: number): Promise<boolean> {
      return (await queryRows(db, sql`delete from posts where id = ${id} returning id`, presenceRow)).length > 0;
    },

    /** The customers' list: active posts of a kind written in `lang`; events soonest first, the rest newest first. */
    async list(kind: number, lang: LanguageKey, pageIndex: number, pageSize: number) {
      const where = sql`p.active and p.kind = ${kind}`;
      const order = kind === POST_KINDS.calendar ? sql`p.starts_at, p.id` : sql`p.created_at desc, p.id desc`;
      const [rows, [count]] = await Promise.all([
        queryRows(db, summarySelect(lang, where, order, pageSize, pageIndex * pageSize), summaryRow),
        queryRows(
          db,
          sql`select count(*)::int as n from posts p join post_texts t on t.post_id = p.id and t.lang = ${lang}
               where ${where}`,
          countRow,
        ),
      ]);
      return { total: count?.n ?? 0, items: rows.map(toSummary) };
    },

    /** The posts related to an event in `lang`; customers see the active ones only. */
    async related(eventId: number, lang: LanguageKey, includeInactive: boolean): Promise<PostSummary[]> {
      const rows = await queryRows(
        db,
        summarySelect(
          lang,
          sql`p.id in (select post_id from post_relations where event_id = ${eventId}) ${includeInactive ? sql`` : sql`and p.active`}`,
          sql`(select position from post_relations where event_id = ${eventId} and post_id = p.id), p.id`,
          100,
        ),
        summaryRow,
      );
      return rows.map(toSummary);
    },

    /** The dashboard: the latest active news and the active events that have not ended, in `lang`. */
    async dashboard(lang: LanguageKey, now: Date, news: number, events: number) {
      const [newsRows, eventRows] = await Promise.all([
        queryRows(
          db,
          summarySelect(lang, sql`p.active and p.kind = ${POST_KINDS.news}`, sql`p.created_at desc, p.id desc`, news),
          summaryRow,
        ),
        queryRows(
          db,
          summarySelect(
            lang,
            sql`p.active and p.kind = ${POST_KINDS.calendar} and p.ends_at >= ${now.toISOString()}`,
            sql`p.starts_at, p.id`,
            events,
          ),
          summaryRow,
        ),
      ]);
      return { news: newsRows.map(toSummary), events: eventRows.map(toSummary) };
    },

    async idBySlug(slug: string): Promise<number | null> {
      const [row] = await queryRows(db, sql`select id from posts where slug = ${slug}`, idRow);
      return row?.id ?? null;
    },

    async store(id: string) {
      const [row] = await queryRows(
        db,
        sql`select id, name, street, city, zipcode, province, phone, notice_email as email, opening_hours
              from stores where id = ${id}`,
        helpStore,
      );
      return row ?? null;
    },

    /** Queues an e-mail in the outbox (delivered after commit, retried). */
    async enqueueMail(to: string, subject: string, text: string, html: string): Promise<void> {
      await db.execute(
        sql`insert into mail_outbox (recipient, subject, body, html) values (${to}, ${subject}, ${text}, ${html})`,
      );
    },
  };
}
export type PostsRepository = ReturnType<typeof postsRepository>;

/** The three slot ids of every language, for the existence check. */
export const imageIdsOf = (data: PutPostData) => [
  ...new Set(data.postposted.flatMap((t) => POST_IMAGE_SLOTS.map((s) => t[s]).filter((v): v is number => v !== null))),
];
