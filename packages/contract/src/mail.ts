/**
 * The mail outbox (issue 22; decision 0053): every mail the portal sends is queued, sent in the background with
 * back-off for a day, then dead until an admin sends it again. Admins see the mails that are not sent yet.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/** pending: waiting for its next attempt; dead: every attempt of a day failed (sent mails are not listed). */
export const MAIL_STATUSES = ['pending', 'dead'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_MESSAGES = { resent: 'MSG_MailResent' } as const;

/** GET /api/insettings/GetMailOutboxJqGrid (admins): the mails not sent yet, newest first. */
export const MAIL_OUTBOX_GRID = {
  columns: {
    id: { type: 'number', sortable: true, filterable: false },
    status: { type: 'text', sortable: true, filterable: true },
    recipient: { type: 'text', sortable: true, filterable: true },
    subject: { type: 'text', sortable: true, filterable: true },
    attempts: { type: 'number', sortable: true, filterable: false },
    createdAt: { type: 'datetime', sortable: true, filterable: true },
    lastAttemptAt: { type: 'datetime', sortable: true, filterable: false },
    nextAttemptAt: { type: 'datetime', sortable: true, filterable: false },
    lastError: { type: 'text', sortable: false, filterable: true },
  },
  defaultSort: { sidx: 'id', sord: 'desc' },
} as const satisfies GridDefinition;

export const mailOutboxRow = z.object({
  id: z.number().int(),
  status: z.enum(MAIL_STATUSES),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When a pending mail is tried next; null for a dead one. */
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type MailOutboxRow = z.infer<typeof mailOutboxRow>;

export const mailIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const mailResendResponse = z.object({ message: z.string() });
export const mailOutboxGridResponse = gridResponse(mailOutboxRow);

const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The calls of the mail outbox (admins; issue 22, decision 0053), each declared once (issue 24, decision 0062). */
export const mailCalls = {
  outboxGrid: endpoint({
    method: 'GET',
    path: '/api/insettings/GetMailOutboxJqGrid',
    access: admin,
    summary: 'Grid of the mails not sent yet: pending (with their next attempt) and dead (jqGrid protocol; id desc)',
    description:
      'status: pending (retried with back-off for a day) or dead (every attempt failed; send it again with ' +
      'ResendMail). Sent mails are not listed.',
    tags: ['mail'],
    query: gridQuery,
    response: mailOutboxGridResponse,
    refusals,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/insettings/ResendMail/:id',
    access: admin,
    summary: 'Sends a dead mail again: pending, due now, with a new day of attempts',
    description: 'A mail that is not dead (sent, still pending, or unknown) answers 404.',
    tags: ['mail'],
    params: mailIdParams,
    response: mailResendResponse,
    refusals: { ...refusals, 404: errorBody },
  }),
};
