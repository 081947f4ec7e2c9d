import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery } from '@portal/contract/grids';
import {
  MAIL_MESSAGES,
  MAIL_OUTBOX_GRID,
  type MailOutboxRow,
  mailIdParams,
  mailOutboxGridResponse,
  mailResendResponse,
} from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { MailOutbox } from '../../db/mail-outbox.ts';
import { runGrid } from '../../db/run-grid.ts';
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

const tags = ['mail'];
const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The mails not sent yet, and "send again" for a dead one (admins; issue 22, decision 0053). */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: MailOutbox }> = async (app, { db, outbox }) => {
  app.get('/api/insettings/GetMailOutboxJqGrid', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Grid of the mails not sent yet: pending (with their next attempt) and dead (jqGrid protocol; id desc)',
      description:
        'status: pending (retried with back-off for a day) or dead (every attempt failed; send it again with ' +
        'ResendMail). Sent mails are not listed.',
      querystring: gridQuery,
      response: { 200: mailOutboxGridResponse, ...refusals },
    },
    handler: (request) => runGrid<MailOutboxRow>(db, planGrid(MAIL_OUTBOX_SPEC, request.query), outboxSource),
  });

  app.post('/api/insettings/ResendMail/:id', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Sends a dead mail again: pending, due now, with a new day of attempts',
      description: 'A mail that is not dead (sent, still pending, or unknown) answers 404.',
      params: mailIdParams,
      response: { 200: mailResendResponse, ...refusals, 404: errorBody },
    },
    handler: async (request) => {
      if (!(await outbox.resend(request.params.id))) throw notFound();
      outbox.kick();
      return { message: MAIL_MESSAGES.resent };
    },
  });
};
