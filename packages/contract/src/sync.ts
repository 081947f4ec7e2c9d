/**
 * ERP synchronisation (spec part 2 §2 /setting/sync, §5, §7 /api/insync, §9; decisions 0045, 0046): the
 * procedures that bring ERP data into the portal, their runs, log and error queue.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/** The procedures, in the screen's order (procName). */
export const SYNC_PROCEDURES = [
  'ArticlesPrices',
  'Stock',
  'ClientsAddresses',
  'SalesOrders',
  'PackingSlips',
  'Invoices',
  'WebOrdersExport',
] as const;
export type SyncProcName = (typeof SYNC_PROCEDURES)[number];

/** deleteTable's iType: the ERP documents whose history the validation year bounds. */
export const SYNC_TABLES = { salesOrders: 1, packingSlips: 2, invoices: 3 } as const;
export const SYNC_TABLE_PROCEDURE: Record<number, SyncProcName> = {
  1: 'SalesOrders',
  2: 'PackingSlips',
  3: 'Invoices',
};
/** The validation year's default (part 2 §9) and the earliest year accepted. */
export const SYNC_DEFAULT_VALIDATION_YEAR = 2012;
export const SYNC_MIN_YEAR = 2000;

export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const SYNC_MESSAGES = {
  procUnknown: 'WARN_SyncProcUnknown',
  tableInvalid: 'WARN_SyncTableInvalid',
  yearInvalid: 'WARN_SyncYearInvalid',
  queued: 'MSG_SyncQueued',
  tableDeleted: 'MSG_SyncTableDeleted',
  errorResolved: 'MSG_SyncErrorResolved',
  errorStillFailing: 'WARN_SyncErrorStillFailing',
} as const;

export const syncRunBody = z.object({
  procName: z
    .string()
    .max(40)
    .refine((v) => (SYNC_PROCEDURES as readonly string[]).includes(v), {
      message: SYNC_MESSAGES.procUnknown,
    }),
});

/** deleteTable: iType 1 sales orders, 2 packing slips, 3 invoices; ivalue the validation year. */
export const syncDeleteTableBody = (currentYear: number) =>
  z.object({
    iType: z.coerce
      .number()
      .int()
      .refine((v) => v in SYNC_TABLE_PROCEDURE, { message: SYNC_MESSAGES.tableInvalid }),
    ivalue: z.coerce
      .number({ message: SYNC_MESSAGES.yearInvalid })
      .int({ message: SYNC_MESSAGES.yearInvalid })
      .min(SYNC_MIN_YEAR, { message: SYNC_MESSAGES.yearInvalid })
      .max(currentYear, { message: SYNC_MESSAGES.yearInvalid }),
  });
/** The server's schema: any year up to 2100 passes the shape; the service refuses one after the current year. */
export const syncDeleteTableRequest = syncDeleteTableBody(2100);

export const syncRun = z.object({
  id: z.number().int(),
  procName: z.string(),
  status: z.enum(SYNC_RUN_STATUSES),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Milliseconds from start to finish (or to now while running). */
  durationMs: z.number().int().nullable(),
  /** How many instances took the run: more than one means it was taken over after a crash. */
  attempts: z.number().int(),
  progress: z.number().int(),
  total: z.number().int().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

export const syncProcedure = z.object({
  procName: z.enum(SYNC_PROCEDURES),
  position: z.number().int(),
  /** The documents dated before 1 January of this year are neither imported nor kept; null: not dated. */
  validationYear: z.number().int().nullable(),
  /** deleteTable's iType of this procedure's table, when it has one. */
  iType: z.number().int().nullable(),
  lastRun: syncRun.nullable(),
  /** The last run that finished with an error, when it is not the last run. */
  lastError: z.string().nullable(),
  openErrors: z.number().int(),
});
export type SyncProcedure = z.infer<typeof syncProcedure>;
export const syncListResponse = z.object({ procedures: z.array(syncProcedure), running: z.boolean() });
export type SyncListResponse = z.infer<typeof syncListResponse>;

export const syncQueuedResponse = z.object({ message: z.string(), runs: z.array(syncRun) });
export const syncDeleteTableResponse = z.object({
  message: z.string(),
  deleted: z.number().int(),
  validationYear: z.number().int(),
});

export const syncRunsQuery = z.object({
  procName: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SYNC_PROCEDURES).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(10),
});
export const syncRunsResponse = z.object({
  page: z.number().int(),
  total: z.number().int(),
  records: z.number().int(),
  rows: z.array(syncRun),
});
export type SyncRunsResponse = z.infer<typeof syncRunsResponse>;

export const syncIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const syncRunMessage = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export const syncRunMessages = z.array(syncRunMessage);
export type SyncRunMessage = z.infer<typeof syncRunMessage>;

export const syncError = z.object({
  id: z.number().int(),
  procName: z.string(),
  runId: z.number().int().nullable(),
  itemKey: z.string(),
  message: z.string(),
  retries: z.number().int(),
  createdAt: z.string(),
});
export type SyncError = z.infer<typeof syncError>;
export const syncErrors = z.array(syncError);
export const syncRetryResponse = z.object({ message: z.string(), resolved: z.boolean(), error: z.string().nullable() });

const tags = ['sync'] as const;
const P = '/api/insync';
const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

/**
 * The calls of the sync screen (spec part 2 §7 "Sync"; decisions 0045, 0046; issue 24: each declared once): admins
 * only. The feeds' last batches are `getFeedBatches` (integration-feeds.ts).
 */
export const syncCalls = {
  list: endpoint({
    method: 'GET',
    path: `${P}/getlist`,
    access: admin,
    summary: 'The procedures with their last run (status, duration, rows read and written, progress), last error',
    description: '`running` is true while any run is queued or running (the screen then refreshes).',
    tags,
    response: syncListResponse,
    refusals,
  }),
  run: endpoint({
    method: 'POST',
    path: `${P}/run`,
    access: admin,
    summary: 'Runs one procedure (procName): queued, then taken by an instance; its run when one is active already',
    tags,
    body: syncRunBody,
    response: syncQueuedResponse,
    refusals,
  }),
  runAll: endpoint({
    method: 'POST',
    path: `${P}/syncall`,
    access: admin,
    summary: 'Runs every procedure, in the screen’s order',
    tags,
    response: syncQueuedResponse,
    refusals,
  }),
  deleteTable: endpoint({
    method: 'POST',
    path: `${P}/deleteTable`,
    access: admin,
    summary: 'Deletes the documents of a table dated before 1 January of the validation year (after confirmation)',
    description:
      'iType 1 sales orders, 2 packing slips, 3 invoices; ivalue the validation year (2000 to the current year). ' +
      'The procedure imports no older document from then on (decision 0046).',
    tags,
    body: syncDeleteTableRequest,
    response: syncDeleteTableResponse,
    refusals,
  }),
  runs: endpoint({
    method: 'GET',
    path: `${P}/getruns`,
    access: admin,
    summary: 'The log of runs, newest first (of one procedure or all), paged',
    tags,
    query: syncRunsQuery,
    response: syncRunsResponse,
    refusals,
  }),
  runMessages: endpoint({
    method: 'GET',
    path: `${P}/getrunmessages/:id`,
    access: admin,
    summary: 'The messages of one run, in order',
    tags,
    params: syncIdParams,
    response: syncRunMessages,
    refusals,
  }),
  errors: endpoint({
    method: 'GET',
    path: `${P}/geterrors`,
    access: admin,
    summary: 'The error queue: ERP changes that could not be applied and are not resolved yet',
    tags,
    response: syncErrors,
    refusals,
  }),
  retryError: endpoint({
    method: 'POST',
    path: `${P}/retryerror/:id`,
    access: admin,
    summary: 'Applies a queued change again: resolved, or still failing with its new message',
    tags,
    params: syncIdParams,
    response: syncRetryResponse,
    refusals,
  }),
};
