import {
  NOTIFICATION_LIMITS,
  notification,
  STOCK_ALERT_LIMITS,
  type StockAlert,
  stockAlert,
} from '@portal/contract/notifications';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { erpNameSql } from '../../db/erp-names.ts';
import { countRow, idRow, int } from '../../db/rows.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** SQL of stock alerts and notifications (issue 26; decision 0075). Every read and write is one person's. */
export function notificationsRepository(db: Db) {
  const alertRow = (from: ReturnType<typeof sql>) => sql`
    select al.id::int as id, al.article_id as "articleId", a.ref_jumasa as ref,
           coalesce(n.name, a.description) as name, al.store_id as "storeId",
           ${erpNameSql('s', sql`u.language`)} as "storeName",
           case when al.fired_at is not null then 'fired' when al.cancelled_at is not null then 'cancelled'
                else 'pending' end as status,
           ${isoTimestamp(sql`al.created_at`)} as "createdAt",
           ${isoTimestamp(sql`coalesce(al.fired_at, al.cancelled_at)`)} as "closedAt"
      from ${from} al
      join articles a on a.id = al.article_id
      join stores s on s.id = al.store_id
      left join users u on u.id = al.user_id
      left join article_names n on n.article_id = a.id and n.lang = u.language`;

  return {
    /** The article and the store as the person sees them: whether both exist and the stock shown there. */
    async target(tx: Db, articleId: number, storeId: string) {
      const [row] = await queryRows(
        tx,
        sql`select exists (select 1 from articles where id = ${articleId}) as article,
                   exists (select 1 from articles where id = ${articleId} and stock_tracked) as tracked,
                   exists (select 1 from stores where id = ${storeId} and active) as store,
                   (select quantity from stock_available where article_id = ${articleId} and store_id = ${storeId})
                     as quantity`,
        z.object({ article: z.boolean(), tracked: z.boolean(), store: z.boolean(), quantity: int.nullable() }),
      );
      return row!;
    },

    /**
     * The person's pending alert of that article and store, made when there is none (the unique partial index keeps
     * one even when two requests ask at once). `created` says whether this call made it.
     */
    async ask(tx: Db, userId: string, articleId: number, storeId: string) {
      const [made] = await queryRows(
        tx,
        sql`insert into stock_alerts (user_id, article_id, store_id) values (${userId}, ${articleId}, ${storeId})
            on conflict (article_id, store_id, user_id) where fired_at is null and cancelled_at is null do nothing
            returning id::int as id`,
        idRow,
      );
      if (made) return { id: made.id, created: true };
      const [found] = await queryRows(
        tx,
        sql`select id::int as id from stock_alerts
             where user_id = ${userId} and article_id = ${articleId} and store_id = ${storeId}
               and fired_at is null and cancelled_at is null`,
        idRow,
      );
      return { id: found!.id, created: false };
    },

    /** How many alerts the person has pending (locks the person's row: two asks at once count one after the other). */
    async pendingCount(tx: Db, userId: string): Promise<number> {
      await tx.execute(sql`select 1 from users where id = ${userId} for update`);
      const [row] = await queryRows(
        tx,
        sql`select count(*)::int as n from stock_alerts
             where user_id = ${userId} and fired_at is null and cancelled_at is null`,
        countRow,
      );
      return row?.n ?? 0;
    },

    async alert(tx: Db, userId: string, id: number): Promise<StockAlert | undefined> {
      const [row] = await queryRows(
        tx,
        alertRow(sql`(select * from stock_alerts where id = ${id} and user_id = ${userId})`),
        stockAlert,
      );
      return row;
    },

    /** The person's alerts, newest first: pending ones, or all; of one article, or all. */
    async alerts(userId: string, filter: { articleId?: number; pendingOnly: boolean }): Promise<StockAlert[]> {
      const article = filter.articleId === undefined ? sql`` : sql`and article_id = ${filter.articleId}`;
      const pending = filter.pendingOnly ? sql`and fired_at is null and cancelled_at is null` : sql``;
      return queryRows(
        db,
        sql`${alertRow(
          sql`(select * from stock_alerts where user_id = ${userId} ${article} ${pending}
                order by id desc limit ${STOCK_ALERT_LIMITS.listMax})`,
        )} order by al.id desc`,
        stockAlert,
      );
    },

    /** Cancels the person's pending alert; false when it is not theirs or not pending. */
    async cancel(userId: string, id: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update stock_alerts set cancelled_at = now()
             where id = ${id} and user_id = ${userId} and fired_at is null and cancelled_at is null
            returning id::int as id`,
        idRow,
      );
      return rows.length > 0;
    },

    /** A page of the person's notifications, newest first (index notifications_user), and one more to say "more". */
    async notifications(userId: string, before: number | undefined, limit: number) {
      const older = before === undefined ? sql`` : sql`and id < ${before}`;
      // params (jsonb) parsed by the contract's schema of its kind, never cast (decision 0093).
      const rows = await queryRows(
        db,
        sql`select id::int as id, kind, params, ${isoTimestamp(sql`created_at`)} as "createdAt",
                   ${isoTimestamp(sql`read_at`)} as "readAt"
              from notifications where user_id = ${userId} ${older}
             order by id desc limit ${limit + 1}`,
        notification,
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** Unread notifications of the person (index notifications_unread), counted up to a little past the badge. */
    async unread(userId: string): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select count(*)::int as n from (select 1 from notifications
             where user_id = ${userId} and read_at is null limit ${NOTIFICATION_LIMITS.badgeMax + 1}) x`,
        countRow,
      );
      return row?.n ?? 0;
    },

    /** Marks one notification of the person read; false when it is not theirs. */
    async markRead(userId: string, id: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update notifications set read_at = coalesce(read_at, now())
             where id = ${id} and user_id = ${userId} returning id::int as id`,
        idRow,
      );
      return rows.length > 0;
    },

    async markAllRead(userId: string): Promise<void> {
      await db.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`);
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
