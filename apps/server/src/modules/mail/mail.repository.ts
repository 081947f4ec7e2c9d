import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { MAIL_OUTBOX_GRID, type MailOutboxRow, mailOutboxRow } from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runGrid } from '../../db/run-grid.ts';
import { gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The outbox grid's allow-list over `mail_outbox m`. */
export const MAIL_OUTBOX_SPEC = gridSpec(
  MAIL_OUTBOX_GRID,
  {
    id: { column: sql`m.id`, integer: true },
    status: sql`m.status`,
    recipient: sql`m.recipient`,
    subject: sql`m.subject`,
    attempts: { column: sql`m.attempts`, integer: true },
    createdAt: sql`m.created_at`,
    lastAttemptAt: sql`m.last_attempt_at`,
    // A dead mail has no next attempt: it shows none, and sorts as none.
    nextAttemptAt: sql`(case when m.status = 'pending' then m.next_attempt_at end)`,
    lastError: sql`m.last_error`,
  },
  sql`m.id`,
);

const outboxSource = {
  table: 'mail_outbox',
  alias: 'm',
  key: 'id',
  // Sent mails are history: the screen lists what still needs the admins (index mail_outbox_open).
  scope: [sql`m.status <> 'sent'`],
  project: (page: ReturnType<typeof sql>) => sql`
    select m.id::int as id, m.status, m.recipient, m.subject, m.attempts::int as attempts,
           ${isoTimestamp(sql`m.created_at`)} as "createdAt",
           ${isoTimestamp(sql`m.last_attempt_at`)} as "lastAttemptAt",
           ${isoTimestamp(sql`(case when m.status = 'pending' then m.next_attempt_at end)`)} as "nextAttemptAt",
           m.last_error as "lastError"
    from ${page} m`,
};

/** The mails the admins still need to see (the outbox's sending and resending are db/mail-outbox.ts). */
export function mailRepository(db: Db) {
  return {
    outboxGrid: (query: GridQuery): Promise<GridResponse<MailOutboxRow>> =>
      runGrid(db, planGrid(MAIL_OUTBOX_SPEC, query), outboxSource, mailOutboxRow),
  };
}
export type MailRepository = ReturnType<typeof mailRepository>;
