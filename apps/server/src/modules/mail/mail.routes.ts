import { MAIL_MESSAGES, MAIL_OUTBOX_GRID, type MailOutboxRow, mailCalls } from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailOutbox } from '../../db/mail-outbox.ts';
import { runGrid } from '../../db/run-grid.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { gridSpec, planGrid } from '../../lib/jqgrid.ts';
import { isoTimestamp } from '../../lib/sql-format.ts';
import { notFound } from '../../plugins/errors.ts';

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

/**
 * The mails not sent yet, and "send again" for a dead one (admins; issue 22, decision 0053), registered from their
 * declarations in the contract (`mailCalls`; issue 24).
 */
export const mailRoutes: FastifyPluginAsync<{ db: Db; outbox: MailOutbox }> = async (app, { db, outbox }) => {
  endpointRoute(app, mailCalls.outboxGrid, (request) =>
    runGrid<MailOutboxRow>(db, planGrid(MAIL_OUTBOX_SPEC, request.query), outboxSource),
  );

  endpointRoute(app, mailCalls.resend, async (request) => {
    if (!(await outbox.resend(request.params.id))) throw notFound();
    outbox.kick();
    return { message: MAIL_MESSAGES.resent };
  });
};
