import { type FeedBatch, type FeedResult, feedBatch, feedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int, presenceRow } from '../../db/rows.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The feeds' own records (decision 0060): idempotency keys, the last batch of each feed, prices kept for later. */

/** An idempotency key's record: `answer` (jsonb) is the feed's answer as the contract's feedResult (null: none yet). */
const idempotencyRecord = z.object({
  feed: z.string(),
  digest: z.string(),
  status: int.nullable(),
  answer: feedResult.nullable(),
});
export type IdempotencyRecord = z.output<typeof idempotencyRecord>;
export type BatchRecord = {
  clientId: string;
  feed: string;
  rows: number;
  applied: number;
  unchanged: number;
  refused: number;
  startedAt: Date;
  finishedAt: Date;
  newestRowAt: Date | null;
};

export function feedsRepository(db: Db) {
  return {
    /**
     * Claims an idempotency key for a batch about to be applied: true when it is this call's, false when the key was
     * used before (its record answers what to do).
     */
    async claimKey(clientId: string, key: string, feed: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`insert into integration_idempotency (client_id, key, feed, digest)
            values (${clientId}::uuid, ${key}, ${feed}, '') on conflict do nothing returning key`,
        presenceRow,
      );
      return rows.length > 0;
    },

    async key(clientId: string, key: string): Promise<IdempotencyRecord | null> {
      const [row] = await queryRows(
        db,
        sql`select feed, digest, status, answer from integration_idempotency
             where client_id = ${clientId}::uuid and key = ${key}`,
        idempotencyRecord,
      );
      return row ?? null;
    },

    async keepAnswer(clientId: string, key: string, digest: string, status: number, answer: FeedResult) {
      await db.execute(sql`update integration_idempotency set digest = ${digest}, status = ${status},
          answer = ${JSON.stringify(answer)}::jsonb where client_id = ${clientId}::uuid and key = ${key}`);
    },

    /** Lets a key go when its batch failed midway (a retry applies it again; its applied rows are then unchanged). */
    async releaseKey(clientId: string, key: string) {
      await db.execute(
        sql`delete from integration_idempotency where client_id = ${clientId}::uuid and key = ${key} and answer is null`,
      );
    },

    /** Forgets keys older than `days` (called now and then by the feeds). */
    async forgetKeys(now: Date, days: number) {
      await db.execute(sql`delete from integration_idempotency
        where created_at < ${now.toISOString()}::timestamptz - ${days} * interval '1 day'`);
    },

    async recordBatch(b: BatchRecord) {
      const lag = b.newestRowAt ? (b.finishedAt.getTime() - b.newestRowAt.getTime()) / 1000 : null;
      await db.execute(sql`insert into feed_batches (client_id, feed, rows, applied, unchanged, refused, started_at,
          finished_at, newest_row_at, lag_seconds)
        values (${b.clientId}::uuid, ${b.feed}, ${b.rows}, ${b.applied}, ${b.unchanged}, ${b.refused},
          ${b.startedAt.toISOString()}, ${b.finishedAt.toISOString()}, ${b.newestRowAt?.toISOString() ?? null}, ${lag})
        on conflict (client_id, feed) do update set rows = excluded.rows, applied = excluded.applied,
          unchanged = excluded.unchanged, refused = excluded.refused, started_at = excluded.started_at,
          finished_at = excluded.finished_at, newest_row_at = excluded.newest_row_at, lag_seconds = excluded.lag_seconds`);
    },

    async lastBatches(): Promise<FeedBatch[]> {
      return queryRows(
        db,
        sql`select b.feed, c.name as client, b.rows, b.applied, b.unchanged, b.refused,
                   ${isoTimestamp(sql`b.started_at`)} as "startedAt", ${isoTimestamp(sql`b.finished_at`)} as "finishedAt",
                   b.lag_seconds as "lagSeconds"
              from feed_batches b join integration_clients c on c.id = b.client_id
             order by b.feed, c.name`,
        feedBatch,
      );
    },

    /**
     * Prices of articles the portal does not know yet go to the sync error queue of ArticlesPrices (one open error per
     * ITEMID, the newest price kept), where the procedure's next run or an administrator's retry applies them once the
     * article is there. A price applied by the feed resolves the open error of its article (an older price must not
     * come back over it).
     */
    async keepPrices(kept: { itemId: string; pv1d: string }[], applied: string[], now: Date) {
      const at = now.toISOString();
      if (applied.length > 0) {
        await db.execute(sql`update sync_errors set resolved_at = ${at}
          where proc_name = 'ArticlesPrices' and resolved_at is null
            and item_key in (select jsonb_array_elements_text(${JSON.stringify(applied)}::jsonb))`);
      }
      if (kept.length === 0) return;
      const rows = JSON.stringify(
        kept.map((k, n) => ({ n, key: k.itemId, payload: { itemId: k.itemId, pv1d: k.pv1d } })),
      );
      await db.execute(sql`with kept as (
          select distinct on (key) key, payload
            from jsonb_to_recordset(${rows}::jsonb) as r(n int, key text, payload jsonb)
           order by key, n desc),
        updated as (
          update sync_errors e set payload = k.payload, message = 'Artículo ' || k.key || ' desconocido en el portal'
            from kept k where e.proc_name = 'ArticlesPrices' and e.resolved_at is null and e.item_key = k.key
          returning e.item_key)
        insert into sync_errors (proc_name, item_key, payload, message, created_at)
        select 'ArticlesPrices', k.key, k.payload, 'Artículo ' || k.key || ' desconocido en el portal', ${at}
          from kept k where k.key not in (select item_key from updated)`);
    },
  };
}
export type FeedsRepository = ReturnType<typeof feedsRepository>;
