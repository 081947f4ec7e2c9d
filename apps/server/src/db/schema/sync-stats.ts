/** Drizzle view of the statistics and sync tables (migration 0024_sync_stats.sql; decisions 0044–0046). */
import {
  bigint,
  bigserial,
  char,
  date,
  integer,
  jsonb,
  numeric,
  primaryKey,
  smallint,
  pgTable as table,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const figures = {
  clientAccountnum: text('client_accountnum').notNull(),
  kind: char('kind', { length: 1 }).notNull(),
  storeId: text('store_id').notNull(),
  key: text('key').notNull(),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  lines: integer('lines').notNull(),
};

export const statsDaily = table('stats_daily', { ...figures, day: date('day').notNull() }, (t) => [
  primaryKey({ columns: [t.clientAccountnum, t.kind, t.storeId, t.day, t.key] }),
]);

export const statsMonthly = table('stats_monthly', { ...figures, month: date('month').notNull() }, (t) => [
  primaryKey({ columns: [t.clientAccountnum, t.kind, t.storeId, t.month, t.key] }),
]);

export const syncProcedures = table('sync_procedures', {
  name: text('name').primaryKey(),
  position: smallint('position').notNull(),
  cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
  validationYear: smallint('validation_year'),
});

export const syncRuns = table('sync_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  procName: text('proc_name')
    .notNull()
    .references(() => syncProcedures.name),
  status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
    .notNull()
    .default('queued'),
  requestedBy: text('requested_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  leaseOwner: text('lease_owner'),
  leaseUntil: tz('lease_until'),
  attempts: integer('attempts').notNull().default(0),
  progress: integer('progress').notNull().default(0),
  total: integer('total'),
  rowsRead: integer('rows_read').notNull().default(0),
  rowsWritten: integer('rows_written').notNull().default(0),
  error: text('error'),
});

export const syncRunMessages = table('sync_run_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runId: bigint('run_id', { mode: 'number' })
    .notNull()
    .references(() => syncRuns.id, { onDelete: 'cascade' }),
  at: tz('at').notNull().defaultNow(),
  level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
  message: text('message').notNull(),
});

export const syncErrors = table('sync_errors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  procName: text('proc_name')
    .notNull()
    .references(() => syncProcedures.name),
  runId: bigint('run_id', { mode: 'number' }).references(() => syncRuns.id, { onDelete: 'set null' }),
  itemKey: text('item_key').notNull(),
  payload: jsonb('payload').notNull(),
  message: text('message').notNull(),
  retries: integer('retries').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  resolvedAt: tz('resolved_at'),
});

export const demoErpChanges = table('demo_erp_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  procName: text('proc_name')
    .notNull()
    .references(() => syncProcedures.name),
  itemKey: text('item_key').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
