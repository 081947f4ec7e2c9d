import {
  SYNC_PROCEDURES,
  SYNC_RUN_STATUSES,
  SYNC_TABLE_PROCEDURE,
  type SyncError,
  type SyncProcedure,
  type SyncProcName,
  type SyncRun,
  type SyncRunMessage,
  syncError,
  syncRunMessage,
} from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, parseRows, queryRows } from '../../db/client.ts';
import { countRow, int, presenceRow } from '../../db/rows.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** Reads of the sync screen (procedures, runs, messages, errors) and deleteTable (decisions 0045, 0046). */

/** A run as read: its times as ISO text in UTC (isoTimestamp); the duration is computed from them. */
const runRow = z.object({
  id: int,
  proc_name: z.string(),
  status: z.enum(SYNC_RUN_STATUSES),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  attempts: int,
  progress: int,
  total: int.nullable(),
  rows_read: int,
  rows_written: int,
  error: z.string().nullable(),
});
type RunRow = z.output<typeof runRow>;

const RUN_COLUMNS = sql`r.id::int as id, r.proc_name, r.status, r.requested_by,
  ${isoTimestamp(sql`r.created_at`)} as created_at, ${isoTimestamp(sql`r.started_at`)} as started_at,
  ${isoTimestamp(sql`r.finished_at`)} as finished_at, r.attempts, r.progress, r.total, r.rows_read, r.rows_written,
  r.error`;

/**
 * A procedure with its latest run's columns beside (RUN_COLUMNS): all null when it never ran (the left join), so
 * they are parsed by `runRow` only when `run_id` is set.
 */
const procedureRow = z.looseObject({
  name: z.enum(SYNC_PROCEDURES),
  position: int,
  validation_year: int.nullable(),
  last_error: z.string().nullable(),
  open_errors: int,
  run_id: int.nullable(),
});

function toRun(r: RunRow, now: Date): SyncRun {
  const started = r.started_at ? new Date(r.started_at).getTime() : null;
  const ended = r.finished_at ? new Date(r.finished_at).getTime() : r.status === 'running' ? now.getTime() : null;
  return {
    id: r.id,
    procName: r.proc_name,
    status: r.status,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: started !== null && ended !== null ? Math.max(0, ended - started) : null,
    attempts: r.attempts,
    progress: r.progress,
    total: r.total,
    rowsRead: r.rows_read,
    rowsWritten: r.rows_written,
    error: r.error,
  };
}

const ITYPE_OF: Record<string, number> = Object.fromEntries(
  Object.entries(SYNC_TABLE_PROCEDURE).map(([k, v]) => [v, Number(k)]),
);

/** What deleteTable removes for each iType: the documents dated before the year, with their lines and links. */
const DELETES: Record<number, (before: string) => ReturnType<typeof sql>[]> = {
  1: (before) => [
    sql`create temp table sync_gone on commit drop as
          select sales_id as id from erp_sales_orders where created_at < ${before}::timestamptz`,
    sql`delete from erp_sales_lines where sales_id in (select id from sync_gone)`,
    sql`delete from erp_sales_packing_slips where sales_id in (select id from sync_gone)`,
    sql`delete from erp_sales_invoices where sales_id in (select id from sync_gone)`,
    sql`delete from erp_sales_orders where sales_id in (select id from sync_gone)`,
  ],
  2: (before) => [
    sql`create temp table sync_gone on commit drop as
          select packing_slip_id as id from erp_packing_slips where delivery_date < ${before}::date`,
    sql`delete from erp_packing_slip_lines where packing_slip_id in (select id from sync_gone)`,
    sql`delete from erp_sales_packing_slips where packing_slip_id in (select id from sync_gone)`,
    sql`delete from erp_packing_slip_invoices where packing_slip_id in (select id from sync_gone)`,
    sql`delete from erp_packing_slips where packing_slip_id in (select id from sync_gone)`,
  ],
  3: (before) => [
    sql`create temp table sync_gone on commit drop as
          select invoice_id as id from erp_invoices where invoice_date < ${before}::date`,
    sql`delete from erp_invoice_lines where invoice_id in (select id from sync_gone)`,
    sql`delete from erp_sales_invoices where invoice_id in (select id from sync_gone)`,
    sql`delete from erp_packing_slip_invoices where invoice_id in (select id from sync_gone)`,
    sql`delete from erp_invoices where invoice_id in (select id from sync_gone)`,
  ],
};

export function syncRepository(db: Db) {
  return {
    async procedures(now: Date): Promise<SyncProcedure[]> {
      const rows = await queryRows(
        db,
        sql`select p.name, p.position, p.validation_year, r.id::int as run_id, ${RUN_COLUMNS},
                   (select f.error from sync_runs f where f.proc_name = p.name and f.status = 'failed'
                     order by f.id desc limit 1) as last_error,
                   (select count(*)::int from sync_errors e where e.proc_name = p.name and e.resolved_at is null) as open_errors
              from sync_procedures p
              left join lateral (select * from sync_runs x where x.proc_name = p.name order by x.id desc limit 1) r on true
             order by p.position`,
        procedureRow,
      );
      return rows.map((r) => ({
        procName: r.name,
        position: r.position,
        validationYear: r.validation_year,
        iType: ITYPE_OF[r.name] ?? null,
        lastRun: r.run_id === null ? null : toRun(parseRows([r], runRow)[0]!, now),
        lastError: r.last_error,
        openErrors: r.open_errors,
      }));
    },

    async runsByIds(ids: number[], now: Date): Promise<SyncRun[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows(
        db,
        sql`select ${RUN_COLUMNS} from sync_runs r where r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by r.id`,
        runRow,
      );
      return rows.map((r) => toRun(r, now));
    },

    /** The log: runs newest first, of one procedure or all. */
    async runs(q: { procName?: SyncProcName; page: number; rows: number }, now: Date) {
      const where = q.procName ? sql`where r.proc_name = ${q.procName}` : sql``;
      const [count] = await queryRows(db, sql`select count(*)::int as n from sync_runs r ${where}`, countRow);
      const records = count?.n ?? 0;
      const total = Math.max(1, Math.ceil(records / q.rows));
      const page = Math.min(q.page, total);
      const rows = await queryRows(
        db,
        sql`select ${RUN_COLUMNS} from sync_runs r ${where} order by r.id desc
             limit ${q.rows} offset ${(page - 1) * q.rows}`,
        runRow,
      );
      return { page, total, records, rows: rows.map((r) => toRun(r, now)) };
    },

    async messages(runId: number): Promise<SyncRunMessage[] | null> {
      const run = await queryRows(db, sql`select 1 from sync_runs where id = ${runId}`, presenceRow);
      if (run.length === 0) return null;
      return queryRows(
        db,
        sql`select id::int as id, ${isoTimestamp(sql`at`)} as at, level, message from sync_run_messages
             where run_id = ${runId} order by id`,
        syncRunMessage,
      );
    },

    async openErrors(): Promise<SyncError[]> {
      return queryRows(
        db,
        sql`select id::int as id, proc_name as "procName", run_id::int as "runId", item_key as "itemKey", message,
                   retries, ${isoTimestamp(sql`created_at`)} as "createdAt"
              from sync_errors where resolved_at is null order by id desc limit 200`,
        syncError,
      );
    },

    /**
     * deleteTable: the documents of iType dated before 1 January of `year` leave the portal, and the procedure
     * imports none older from now on (decision 0046). Answers how many documents were deleted.
     */
    async deleteTable(iType: number, year: number): Promise<number> {
      const before = `${year}-01-01`;
      return db.transaction(async (tx) => {
        const statements = DELETES[iType]!(before);
        await tx.execute(statements[0]!);
        const [gone] = await queryRows(tx, sql`select count(*)::int as n from sync_gone`, countRow);
        for (const s of statements.slice(1)) await tx.execute(s);
        await tx.execute(
          sql`update sync_procedures set validation_year = ${year} where name = ${SYNC_TABLE_PROCEDURE[iType]!}`,
        );
        return gone?.n ?? 0;
      });
    },
  };
}
export type SyncRepository = ReturnType<typeof syncRepository>;

/** The sync runs queued or running, and how long the oldest has waited (for /metrics). */
export async function syncQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
          from sync_runs where status in ('queued', 'running')`,
    z.object({ depth: int, oldest: z.number().nullable() }),
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
