import { SYNC_PROCEDURES, type SyncProcName } from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { idRow, int, presenceRow } from '../../db/rows.ts';
import { erpData } from './erp-source.ts';

/**
 * The writes of the sync runner (decision 0045): runs and their leases, the procedures' cursors, the run messages and
 * the error queue. `tx`: the runner's transaction (or the Db); times are the runner's clock, as ISO text.
 */

const procName = z.enum(SYNC_PROCEDURES);
const claimedRunRow = z.object({ id: int, proc_name: procName, attempts: int, validation_year: int.nullable() });
export type ClaimedRunRow = z.output<typeof claimedRunRow>;
/** An error of the queue: `payload` (jsonb) is the ERP change's data as it came, an object of any ERP row. */
const queuedError = z.object({
  proc_name: procName,
  item_key: z.string(),
  payload: erpData,
  year: int.nullable(),
});
export type QueuedError = z.output<typeof queuedError>;

/** The runs, leases and error queue of one instance (`owner`). */
export function syncRunsRepository(owner: string) {
  return {
    async message(tx: Db, runId: number, at: string, level: 'info' | 'warn' | 'error', text: string): Promise<void> {
      await tx.execute(sql`insert into sync_run_messages (run_id, at, level, message)
        values (${runId}, ${at}, ${level}, ${text.slice(0, 1000)})`);
    },

    /**
     * Renews this instance's lease of a running run to `until` and moves its counters (`total`: kept when undefined);
     * false when the run is not this instance's any more.
     */
    async renew(
      tx: Db,
      runId: number,
      until: string,
      read: number,
      written: number,
      total: number | null | undefined,
    ): Promise<boolean> {
      const rows = await queryRows(
        tx,
        sql`update sync_runs set lease_until = ${until}, progress = progress + ${read}, rows_read = rows_read + ${read},
                   rows_written = rows_written + ${written}, total = ${total === undefined ? sql`total` : total}
             where id = ${runId} and lease_owner = ${owner} and status = 'running' returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },

    /** Queues a run of `proc`: its id, or null when one is queued or running already. */
    async queue(db: Db, proc: SyncProcName, by: string | null, at: string): Promise<number | null> {
      const [created] = await queryRows(
        db,
        sql`insert into sync_runs (proc_name, requested_by, created_at) values (${proc}, ${by}, ${at})
            on conflict (proc_name) where status in ('queued', 'running') do nothing returning id::int as id`,
        idRow,
      );
      return created?.id ?? null;
    },

    /** The run of `proc` queued or running, if any. */
    async active(db: Db, proc: SyncProcName): Promise<number | null> {
      const [active] = await queryRows(
        db,
        sql`select id::int as id from sync_runs where proc_name = ${proc} and status in ('queued', 'running')`,
        idRow,
      );
      return active?.id ?? null;
    },

    /** Takes the oldest queued run, or a running one whose lease ran out at `now`, leased to `until`. */
    async claim(db: Db, now: string, until: string): Promise<ClaimedRunRow | null> {
      const [row] = await queryRows(
        db,
        sql`update sync_runs r set status = 'running', lease_owner = ${owner}, lease_until = ${until},
                   attempts = r.attempts + 1, started_at = coalesce(r.started_at, ${now}::timestamptz)
              from sync_procedures p
             where p.name = r.proc_name and r.id = (
               select id from sync_runs
                where status = 'queued' or (status = 'running' and lease_until < ${now}::timestamptz)
                order by id limit 1 for update skip locked)
            returning r.id::int as id, r.proc_name, r.attempts, p.validation_year`,
        claimedRunRow,
      );
      return row ?? null;
    },

    /** The oldest open errors of a procedure (at most 100). */
    async openErrors(db: Db, proc: SyncProcName): Promise<number[]> {
      const rows = await queryRows(
        db,
        sql`select id::int as id from sync_errors where proc_name = ${proc} and resolved_at is null
             order by id limit 100`,
        idRow,
      );
      return rows.map((r) => r.id);
    },

    /** A procedure's cursor (`lock`: for update, for the batch's transaction). */
    async cursor(tx: Db, proc: SyncProcName, lock = false): Promise<number> {
      const [row] = await queryRows(
        tx,
        sql`select cursor::int as cursor from sync_procedures where name = ${proc} ${lock ? sql`for update` : sql``}`,
        z.object({ cursor: int }),
      );
      return row?.cursor ?? 0;
    },

    async setCursor(tx: Db, proc: SyncProcName, cursor: number): Promise<void> {
      await tx.execute(sql`update sync_procedures set cursor = ${cursor} where name = ${proc}`);
    },

    /**
     * Runs `work` inside a savepoint: released when it resolves; when it throws an error `recoverable` accepts, rolled
     * back to (what `work` wrote is undone, the transaction goes on). The error is thrown on in both cases.
     */
    async inSavepoint<T>(
      tx: Db,
      name: 'sync_change' | 'sync_retry',
      work: () => Promise<T>,
      recoverable: (error: unknown) => boolean,
    ): Promise<T> {
      await tx.execute(sql`savepoint ${sql.identifier(name)}`);
      let result: T;
      try {
        result = await work();
      } catch (error) {
        if (recoverable(error)) await tx.execute(sql`rollback to savepoint ${sql.identifier(name)}`);
        throw error;
      }
      await tx.execute(sql`release savepoint ${sql.identifier(name)}`);
      return result;
    },

    async queueError(
      tx: Db,
      e: { proc: SyncProcName; runId: number; key: string; data: unknown; message: string; at: string },
    ): Promise<void> {
      await tx.execute(sql`insert into sync_errors (proc_name, run_id, item_key, payload, message, created_at)
        values (${e.proc}, ${e.runId}, ${e.key}, ${JSON.stringify(e.data)}::jsonb, ${e.message}, ${e.at})`);
    },

    /** Ends this instance's running run; its counts, or null when the run was not this instance's any more. */
    async finish(tx: Db, runId: number, error: string | null, at: string) {
      const [row] = await queryRows(
        tx,
        sql`update sync_runs set status = ${error ? 'failed' : 'succeeded'}, finished_at = ${at},
                   lease_owner = null, lease_until = null, error = ${error}
             where id = ${runId} and lease_owner = ${owner} and status = 'running'
            returning rows_read, rows_written`,
        z.object({ rows_read: int, rows_written: int }),
      );
      return row ?? null;
    },

    /** An open error of the queue, locked, with its procedure's validation year. */
    async lockOpenError(tx: Db, id: number): Promise<QueuedError | null> {
      const [row] = await queryRows(
        tx,
        sql`select e.proc_name, e.item_key, e.payload, p.validation_year as year
              from sync_errors e join sync_procedures p on p.name = e.proc_name
             where e.id = ${id} and e.resolved_at is null for update of e`,
        queuedError,
      );
      return row ?? null;
    },

    async errorResolved(tx: Db, id: number, at: string): Promise<void> {
      await tx.execute(sql`update sync_errors set resolved_at = ${at}, retries = retries + 1 where id = ${id}`);
    },

    async errorFailedAgain(tx: Db, id: number, message: string): Promise<void> {
      await tx.execute(sql`update sync_errors set retries = retries + 1, message = ${message} where id = ${id}`);
    },
  };
}
