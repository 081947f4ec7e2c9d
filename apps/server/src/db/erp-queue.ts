import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';
import { idRow } from './rows.ts';

/**
 * The SQL shared by the tables whose rows go to the ERP one by one (web_orders, refunds; the loop is
 * lib/erp-queue-loop.ts): the claim under a lease (`erp_claimed_until`) and the next attempt after a failure.
 */
export type ErpQueueTable = {
  /** The table (a fixed name of the code, never input). */
  table: 'web_orders' | 'refunds';
  /** Which rows are to send (not imported; decided). */
  pending: SQL;
  /** The column of a row's next attempt. */
  nextAttempt: 'next_attempt_at' | 'erp_next_attempt_at';
};

/** How failures wait (ERP_IMPORT_DEFAULTS): a doubling delay from `baseDelaySeconds` up to `maxDelaySeconds`. */
export type ErpBackOff = { maxRetries: number; baseDelaySeconds: number; maxDelaySeconds: number };

/**
 * Leases up to `limit` pending rows that are due at `now` and not leased (`for update skip locked`: two instances
 * never take the same) until `now + leaseSeconds`; their ids, oldest due first then by id, sorted by id.
 */
export async function claimDue(db: Db, q: ErpQueueTable, now: Date, leaseSeconds: number, limit: number) {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const table = sql.identifier(q.table);
  const next = sql.identifier(q.nextAttempt);
  const rows = await queryRows(
    db,
    sql`update ${table} q set erp_claimed_until = ${until}
         where q.id in (
           select id from ${table}
            where ${q.pending}
              and coalesce(${next}, '-infinity') <= ${at}
              and coalesce(erp_claimed_until, '-infinity') <= ${at}
            order by coalesce(${next}, '-infinity'), id
            limit ${limit}
            for update skip locked)
        returning q.id::int as id`,
    idRow,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The next attempt of a row that failed at `now` with `retries` failures before: a doubling delay, and after
 * `maxRetries` failures never (infinity) until someone puts it back in the queue.
 */
export const nextAttemptAfterFailure = (retries: SQL, now: Date, b: ErpBackOff) => sql`
  case when ${retries} + 1 >= ${b.maxRetries} then 'infinity'::timestamptz
    else ${now.toISOString()}::timestamptz
         + least(${b.baseDelaySeconds} * power(2, ${retries}), ${b.maxDelaySeconds}) * interval '1 second'
  end`;
