import { REFUND_FILE_KINDS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { countRow, int, pgText } from '../../db/rows.ts';

/** An evidence file as stored (decision 0029). */
// size is a bigint: a number through the int8 parser (db/client.ts), on both drivers (was typed number | string).
const fileRow = z.object({
  id: int,
  line_id: int,
  refund_id: int,
  client_accountnum: z.string(),
  name: z.string(),
  kind: z.enum(REFUND_FILE_KINDS),
  mime: z.string(),
  size: int,
  path: z.string(),
  thumb_path: z.string().nullable(),
  created_at: pgText,
});
export type FileRow = z.infer<typeof fileRow>;
export type NewFileRow = Omit<FileRow, 'id' | 'created_at'>;

/** A refund line with the stage of its refund and who made the refund. */
const evidenceLine = z.object({ id: int, refund_id: int, stage: z.string(), user_id: z.string().nullable() });
export type EvidenceLine = z.infer<typeof evidenceLine>;

const FILE_COLUMNS = sql`id::int as id, line_id::int as line_id, refund_id::int as refund_id, client_accountnum, name,
  kind, mime, size, path, thumb_path, created_at`;
/** Only `clientId`'s rows, or every client's (staff: null). */
const ofClient = (column: string, clientId: string | null) =>
  clientId === null ? sql`` : sql`and ${sql.identifier(column)} = ${clientId}`;

/** The evidence files of refund lines and the lines they belong to. */
export function refundFilesRepository(db: Db) {
  return {
    /** A refund line of a client (any client's: null), with its refund's stage and maker. */
    async line(lineId: number, clientId: string | null): Promise<EvidenceLine | null> {
      const [line] = await queryRows(
        db,
        sql`select l.id::int as id, l.refund_id::int as refund_id, r.stage, r.user_id
              from refund_lines l join refunds r on r.id = l.refund_id
             where l.id = ${lineId} ${clientId === null ? sql`` : sql`and l.client_accountnum = ${clientId}`}`,
        evidenceLine,
      );
      return line ?? null;
    },

    async countOfLine(lineId: number): Promise<number> {
      const [c] = await queryRows(
        db,
        sql`select count(*)::int as n from refund_files where line_id = ${lineId}`,
        countRow,
      );
      return Number(c?.n ?? 0);
    },

    /** Keeps the files of one upload, all or none. */
    insertAll(rows: NewFileRow[]): Promise<FileRow[]> {
      return db.transaction(async (t) => {
        const out: FileRow[] = [];
        for (const r of rows) {
          const [row] = await queryRows(
            t,
            sql`insert into refund_files (line_id, refund_id, client_accountnum, name, kind, mime, size, path, thumb_path)
                values (${r.line_id}, ${r.refund_id}, ${r.client_accountnum}, ${r.name}, ${r.kind}, ${r.mime},
                        ${r.size}, ${r.path}, ${r.thumb_path})
                returning ${FILE_COLUMNS}`,
            fileRow,
          );
          out.push(row!);
        }
        return out;
      });
    },

    ofLine(lineId: number): Promise<FileRow[]> {
      return queryRows(
        db,
        sql`select ${FILE_COLUMNS} from refund_files where line_id = ${lineId} order by id`,
        fileRow,
      );
    },

    /** A file of a client (any client's: null). */
    async file(id: number, clientId: string | null): Promise<FileRow | null> {
      const [row] = await queryRows(
        db,
        sql`select ${FILE_COLUMNS} from refund_files where id = ${id} ${ofClient('client_accountnum', clientId)}`,
        fileRow,
      );
      return row ?? null;
    },

    async remove(id: number): Promise<void> {
      await db.execute(sql`delete from refund_files where id = ${id}`);
    },

    /** The stored paths of a line's files, thumbnails included. */
    async linePaths(lineId: number, tx: Db = db): Promise<string[]> {
      const rows = await queryRows(
        tx,
        sql`select path, thumb_path from refund_files where line_id = ${lineId}`,
        z.object({ path: z.string(), thumb_path: z.string().nullable() }),
      );
      return rows.flatMap((r) => (r.thumb_path ? [r.path, r.thumb_path] : [r.path]));
    },
  };
}
