import {
  DAILY_DOWNLOAD_LIMIT_SETTING,
  DEFAULT_DAILY_DOWNLOAD_LIMIT,
  type DocumentExtension,
} from '@portal/contract/documents';
import type { DocumentType } from '@portal/contract/sales';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { countRow, idRow, presenceRow } from '../../db/rows.ts';
import { businessTimeZone } from '../../lib/business-time.sql.ts';

const settingRow = z.object({ value: z.string() });

export type DocumentLogEntry = {
  documentId: string;
  type: DocumentType;
  extension: DocumentExtension;
  userId: string;
  username: string;
  clientId: string | null;
};

/** Midnight of the business day of `now` (the daily limit restarts then). */
/** The start of `now`'s business day (the daily download limit counts from it). */
export const dayStart = (now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${businessTimeZone})
       at time zone ${businessTimeZone})`;

/** The document log (part 2 §3): one row per document asked for; the daily limit per user kept in app settings. */
export function documentLogRepository(db: Db) {
  return {
    /** Downloads allowed per user and day; 0 means no limit. */
    async dailyLimit(): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select value from app_settings where key = ${DAILY_DOWNLOAD_LIMIT_SETTING}`,
        settingRow,
      );
      const n = row ? Number.parseInt(row.value, 10) : Number.NaN;
      return Number.isFinite(n) && n >= 0 ? n : DEFAULT_DAILY_DOWNLOAD_LIMIT;
    },

    /**
     * Writes the log row of a document asked for unless the user has reached today's limit (then answers null
     * and writes nothing); answers the row's id, which the download link spends. The user's requests are counted
     * and written under a lock held to the end of the transaction, so that simultaneous requests cannot pass the
     * limit together.
     */
    async record(entry: DocumentLogEntry, now: Date, limit: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727010, hashtext(${entry.userId}))`);
        if (limit > 0) {
          const [row] = await queryRows(
            tx,
            sql`select count(*)::int as n from document_logs where user_id = ${entry.userId} and fecha >= ${dayStart(now)}`,
            countRow,
          );
          if ((row?.n ?? 0) >= limit) return null;
        }
        const [row] = await queryRows(
          tx,
          sql`insert into document_logs (document_id, document_type, extension_cod, fecha, user_id, username, client_id, log_cod)
              values (${entry.documentId}, ${entry.type}, ${entry.extension}, ${now.toISOString()}, ${entry.userId},
                      ${entry.username}, ${entry.clientId}, 0)
              returning id::int`,
          idRow,
        );
        return row!.id;
      });
    },

    /**
     * Spends the download link of a log row: true for the first download only (one statement, so two requests
     * at once cannot both pass), false when the link was used already.
     */
    async spend(logId: number, userId: string, now: Date): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update document_logs set downloaded_at = ${now.toISOString()}
             where id = ${logId} and user_id = ${userId} and downloaded_at is null returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },
  };
}
export type DocumentLogRepository = ReturnType<typeof documentLogRepository>;
