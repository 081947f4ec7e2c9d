import type { ErpNames } from '@portal/contract/erp-names';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import {
  ARTICLES_GRID,
  type ArticleRow,
  articleRow,
  type DlvModeNamesRow,
  dlvModeNamesRow,
  STORES_GRID,
  type StoreRow,
  storeRow,
} from '@portal/contract/stores';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { presenceRow } from '../../db/rows.ts';
import { runGrid } from '../../db/run-grid.ts';
import { EVERY_CLIENT_COUNT_CAP, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import type { ArticleCounts } from './article-counts.ts';

/** Some units of the article `a` in `store`, or (no store) in any store, as the catalogue counts them (0047). */
const held = (store?: string) =>
  sql`exists (select 1 from stock_available k where k.article_id = a.id ${store ? sql`and k.store_id = ${store}` : sql``} and k.quantity > 0)`;

/** Availability 0–3 of the article `a` seen from `store` (part 2 §9): the catalogue's stock statuses. */
const availability = (store: string) => sql`(case
    when not a.stock_tracked then 3 when ${held(store)} then 2 when ${held()} then 1 else 0 end)`;

/** The `eq` filter of each availability, as conditions the planner can walk (not a `case` computed on every row). */
const availabilityIs = (store: string) => (value: string) => {
  switch (value) {
    case '3':
      return sql`not a.stock_tracked`;
    case '2':
      return sql`(a.stock_tracked and ${held(store)})`;
    case '1':
      return sql`(a.stock_tracked and not ${held(store)} and ${held()})`;
    case '0':
      // Held nowhere: no positive ERP figure anywhere (the flag migration 0030 keeps, walked through its partial
      // index), or every positive figure taken by web orders the ERP has not imported yet (a handful of articles).
      return sql`(a.stock_tracked and not ${held()} and a.id in (
        select n.id from articles n where n.stock_tracked and n.stock_nowhere
        union
        select l.article_id from web_orders w join web_order_lines l on l.web_order_id = w.id where not w.imported))`;
    default:
      return sql`false`;
  }
};

const articlesSpec = (store: string) =>
  gridSpec(
    ARTICLES_GRID,
    {
      ITEMID: sql`a.ref_jumasa`,
      // search_text holds the lower-cased description (article_search_text, migration 0041), but is emptied for a
      // withdrawn article, which the grid still lists.
      ITEMNAME: {
        column: sql`a.description`,
        containsFirst: (pattern) => sql`a.withdrawn or a.search_text like lower(${pattern})`,
      },
      NAMEALIAS: sql`a.ref_norm`,
      Availability: { column: availability(store), integer: true, equals: availabilityIs(store) },
    },
    sql`a.id`,
  );

export const STORES_SPEC = gridSpec(
  STORES_GRID,
  {
    INVENTLOCATIONID: sql`s.id`,
    NAME: sql`s.name`,
    JUMNOTICEMAIL: sql`coalesce(s.notice_email, '')`,
    JUMRETURNMAIL: sql`coalesce(s.return_email, '')`,
    NOSYNC_StockCalcType: { column: sql`s.stock_calc_type`, integer: true },
  },
  sql`s.id`,
);

const projectStores = (from: SQL) => sql`
  select s.id as "INVENTLOCATIONID", s.name as "NAME", coalesce(s.notice_email, '') as "JUMNOTICEMAIL",
         coalesce(s.return_email, '') as "JUMRETURNMAIL", s.stock_calc_type as "NOSYNC_StockCalcType",
         s.name_i18n as "NAMES"
    from ${from} s`;

export type StoreChange = {
  INVENTLOCATIONID: string;
  JUMNOTICEMAIL: string;
  JUMRETURNMAIL: string;
  NOSYNC_StockCalcType: number;
  /** The admins' names by language (decision 0091); left out: kept. */
  NAMES?: ErpNames | undefined;
};

const dialect = new PgDialect();

/**
 * Stores and the article grid as admins see them (decision 0043). `counts`: the article grid's counts kept between
 * requests (decision 0099); without it, every count is read.
 */
export function storesRepository(db: Db, counts?: ArticleCounts) {
  return {
    /** The first store by id: where the article grid's availability is seen from when no store is named. */
    async defaultStore(): Promise<string | null> {
      const rows = await queryRows(db, sql`select id from stores order by id limit 1`, z.object({ id: z.string() }));
      return rows[0]?.id ?? null;
    },

    async storeExists(id: string): Promise<boolean> {
      return (await queryRows(db, sql`select 1 from stores where id = ${id}`, presenceRow)).length > 0;
    },

    async articlesGrid(query: GridQuery, store: string): Promise<GridResponse<ArticleRow>> {
      const plan = planGrid(articlesSpec(store), query);
      // Kept by its conditions as sent to the database (decision 0099): an availability filter's condition names the
      // store, so each store's counts are kept apart.
      const key = plan.where ? JSON.stringify(dialect.sqlToQuery(plan.where)) : '';
      return runGrid(
        db,
        plan,
        {
          table: 'articles',
          alias: 'a',
          key: 'id',
          scope: [],
          // A million articles: "more than 1,000" is as useful as an exact count, and ten times cheaper to give.
          countCap: EVERY_CLIENT_COUNT_CAP,
          ...(counts ? { keptCount: (load: () => Promise<number>) => counts.get(key, load) } : {}),
          project: (from) => sql`
          select a.id, a.ref_jumasa as "ITEMID", a.description as "ITEMNAME", a.ref_norm as "NAMEALIAS",
                 ${availability(store)} as "Availability"
            from ${from} a`,
        },
        articleRow,
      );
    },

    async storesGrid(query: GridQuery): Promise<GridResponse<StoreRow>> {
      const plan = planGrid(STORES_SPEC, query);
      return runGrid(db, plan, { table: 'stores', alias: 's', key: 'id', scope: [], project: projectStores }, storeRow);
    },

    async getStore(id: string): Promise<StoreRow | null> {
      const rows = await queryRows(db, sql`${projectStores(sql`stores`)} where s.id = ${id}`, storeRow);
      return rows[0] ?? null;
    },

    /** Saves the e-mails (empty: none), the calculation type and the names; false when the store is unknown. */
    async putStore(v: StoreChange): Promise<boolean> {
      const names = v.NAMES === undefined ? sql`name_i18n` : sql`${JSON.stringify(v.NAMES)}::jsonb`;
      const rows = await queryRows(
        db,
        sql`update stores set notice_email = ${v.JUMNOTICEMAIL || null}, return_email = ${v.JUMRETURNMAIL || null},
                   stock_calc_type = ${v.NOSYNC_StockCalcType}, name_i18n = ${names}
             where id = ${v.INVENTLOCATIONID} returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },

    /** Every delivery mode with the ERP's name and the admins' names by language (decision 0091). */
    dlvModeNames(): Promise<DlvModeNamesRow[]> {
      return queryRows(
        db,
        sql`select id as "DLVMODE", name as "NAME", name_i18n as "NAMES" from delivery_modes order by sort, id`,
        dlvModeNamesRow,
      );
    },

    /** Replaces a delivery mode's names by language; false when the mode is unknown. */
    async putDlvModeNames(id: string, names: ErpNames): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update delivery_modes set name_i18n = ${JSON.stringify(names)}::jsonb where id = ${id} returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },
  };
}
export type StoresRepository = ReturnType<typeof storesRepository>;
