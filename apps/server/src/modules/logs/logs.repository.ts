import type { LanguageKey } from '@portal/contract/constants';
import { DOCUMENT_LOG_GRID, documentLogRow } from '@portal/contract/documents';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { USER_LOG_GRID, type UserLogRow, userLogRow } from '@portal/contract/logs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { runGrid } from '../../db/run-grid.ts';
import {
  andAll,
  EVERY_CLIENT_COUNT_CAP,
  type GridPlan,
  type GridSource,
  gridSpec,
  planGrid,
} from '../../lib/jqgrid.sql.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';
import { type ExportColumn, type ReadBatch, streamLogXlsx } from './logs-excel.ts';

export type DocumentLogRow = z.infer<typeof documentLogRow>;
/** The user log grid's allow-list over `user_logs l`. */
export const USER_LOG_SPEC = gridSpec(
  USER_LOG_GRID,
  {
    username: sql`l.username`,
    client_id: sql`l.client_id`,
    message_Cod: { column: sql`l.message_cod`, integer: true },
    fecha: sql`l.fecha`,
    ipaddress: sql`l.ipaddress`,
    machinename: sql`l.machinename`,
    useragent: sql`l.useragent`,
    data: sql`l.data`,
  },
  sql`l.id`,
);

const userLogSource = {
  table: 'user_logs',
  alias: 'l',
  key: 'id',
  scope: [],
  // Counted along the newest-first index, where the matches of a filter are spread as they are in time; another
  // index (the IP addresses' own) may put every match of "begins with 198.51." after half the table.
  countOrder: sql`l.fecha desc, l.id desc`,
  project: (page: ReturnType<typeof sql>) => sql`
    select l.id::int as id, l.username, l.client_id, l.message_cod::int as "message_Cod",
           ${isoTimestamp(sql`l.fecha`)} as fecha, l.ipaddress, l.machinename, l.useragent, l.data
    from ${page} l`,
};

const documentLogSource = {
  table: 'document_logs',
  alias: 'd',
  key: 'id',
  scope: [],
  project: (page: ReturnType<typeof sql>) => sql`
    select d.id::int as "Id", d.document_id as "Document_Id", d.document_type::int as "Document_Type",
           d.extension_cod::int as "Extension_Cod", ${isoTimestamp(sql`d.fecha`)} as "Fecha",
           d.user_id::text as "User_Id", d.username as "UserName", d.client_id as "Client_Id",
           d.log_cod::int as "Log_Cod"
    from ${page} d`,
};

/**
 * Where the sign-in log's count stops (decision 0012): ten pages ahead, and never under 1,000. An admin paging by 10
 * learns "more than 1,000" and refines, as on the document grids; one reading 10,000-row pages gets a count up to
 * 100,000. A count past that would read the whole million-row log on every page.
 */
export const logCountCap = (rows: number) => Math.max(EVERY_CLIENT_COUNT_CAP, rows * 10);

/** The document log grid's allow-list over `document_logs d`. */
export const DOCUMENT_LOG_SPEC = gridSpec(
  DOCUMENT_LOG_GRID,
  {
    Document_Id: sql`d.document_id`,
    Document_Type: { column: sql`d.document_type`, integer: true },
    Extension_Cod: { column: sql`d.extension_cod`, integer: true },
    Fecha: sql`d.fecha`,
    UserName: sql`d.username`,
    Client_Id: sql`d.client_id`,
    Log_Cod: { column: sql`d.log_cod`, integer: true },
  },
  sql`d.id`,
);

/** An export's filters and order (no page: every row up to the most). */
export type ExportQuery = Omit<GridQuery, 'page' | 'rows'>;

/** What an export is asked: the grid's filters and order, the sheet, its columns, the language and the most rows. */
type ExportOptions<Row> = { sheet: string; columns: ExportColumn<Row>[]; lang: LanguageKey; max: number };

/**
 * A batch of a grid's filtered rows in the grid's order, for an export (logs-excel.ts): the keys of the page first,
 * then the projection of their rows. Each row is parsed by `row`, the grid's own row schema (decision 0093): the
 * columns read what the query gave, not what a cast said.
 */
function gridBatch<S extends z.ZodType>(
  db: Db,
  plan: GridPlan,
  source: Pick<GridSource, 'table' | 'alias' | 'key' | 'project'> & { row: S },
): ReadBatch<z.output<S>> {
  const table = sql.raw(`${source.table} ${source.alias}`);
  const key = sql.raw(`${source.alias}.${source.key}`);
  const where = andAll([plan.where]);
  return (limit, offset) =>
    queryRows(
      db,
      sql`${source.project(
        sql`(select * from ${table} where ${key} in (
               select ${key} from ${table} where ${where} order by ${plan.orderBy} limit ${limit} offset ${offset}))`,
      )} order by ${plan.orderBy}`,
      source.row,
    );
}

/** Both logs, read as their grids and exports (admins). */
export function logsRepository(db: Db) {
  return {
    userLogs(query: GridQuery): Promise<GridResponse<UserLogRow>> {
      const plan = planGrid(USER_LOG_SPEC, query);
      return runGrid(db, plan, { ...userLogSource, countCap: logCountCap(plan.rows) }, userLogRow);
    },
    documentLogs(query: GridQuery): Promise<GridResponse<DocumentLogRow>> {
      return runGrid(db, planGrid(DOCUMENT_LOG_SPEC, query), documentLogSource, documentLogRow);
    },
    /** The user log rows the grid's filters select, in its order, streamed as a workbook. */
    exportUserLogs(query: ExportQuery, options: ExportOptions<UserLogRow>) {
      return streamLogXlsx(
        gridBatch(db, planGrid(USER_LOG_SPEC, { ...query, page: 1, rows: 10 }), { ...userLogSource, row: userLogRow }),
        options,
      );
    },
    exportDocumentLogs(query: ExportQuery, options: ExportOptions<DocumentLogRow>) {
      return streamLogXlsx(
        gridBatch(db, planGrid(DOCUMENT_LOG_SPEC, { ...query, page: 1, rows: 10 }), {
          ...documentLogSource,
          row: documentLogRow,
        }),
        options,
      );
    },
  };
}
export type LogsRepository = ReturnType<typeof logsRepository>;
