/** Drizzle view of the returns tables (migration 0018_returns.sql; the SQL file is the source of truth). */
import {
  bigint,
  bigserial,
  boolean,
  integer,
  numeric,
  primaryKey,
  smallint,
  pgTable as table,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const returnReasons = table('return_reasons', {
  id: smallint('id').primaryKey(),
  sort: smallint('sort').notNull(),
  active: boolean('active').notNull().default(true),
});

export const returnReasonTexts = table(
  'return_reason_texts',
  {
    reasonId: smallint('reason_id')
      .notNull()
      .references(() => returnReasons.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reasonId, t.lang] })],
);

export const refunds = table('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientAccountnum: text('client_accountnum').notNull(),
  clientName: text('client_name').notNull(),
  userId: uuid('user_id'),
  storeId: text('store_id'),
  storeName: text('store_name'),
  stage: text('stage', {
    enum: ['cart', 'requested', 'received', 'decided', 'rejected', 'cancelled', 'processed'],
  })
    .notNull()
    .default('cart'),
  status: smallint('status').notNull().default(0),
  requestedAt: tz('requested_at'),
  processedAt: tz('processed_at'),
  observations: text('observations').notNull().default(''),
  addressId: integer('address_id'),
  addressText: text('address_text'),
  returnSalesId: text('return_sales_id'),
  creditNoteId: text('credit_note_id'),
  erpError: text('erp_error'),
  erpRetries: integer('erp_retries').notNull().default(0),
  erpNextAttemptAt: tz('erp_next_attempt_at'),
  erpClaimedUntil: tz('erp_claimed_until'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const refundLines = table('refund_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundId: bigint('refund_id', { mode: 'number' })
    .notNull()
    .references(() => refunds.id, { onDelete: 'cascade' }),
  clientAccountnum: text('client_accountnum').notNull(),
  packingSlipId: text('packing_slip_id').notNull(),
  packingSlipLineNo: integer('packing_slip_line_no').notNull(),
  storeId: text('store_id').notNull(),
  articleId: integer('article_id'),
  itemId: text('item_id').notNull(),
  name: text('name').notNull(),
  reasonId: smallint('reason_id').notNull(),
  quantity: integer('quantity').notNull(),
  comment: text('comment').notNull().default(''),
  decision: text('decision', { enum: ['accepted', 'rejected'] }),
  decisionReason: text('decision_reason'),
  decidedAt: tz('decided_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const refundFiles = table('refund_files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  lineId: bigint('line_id', { mode: 'number' }).notNull(),
  refundId: bigint('refund_id', { mode: 'number' }).notNull(),
  clientAccountnum: text('client_accountnum').notNull(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['jpeg', 'png', 'webp', 'heic', 'pdf'] }).notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  path: text('path').notNull(),
  thumbPath: text('thumb_path'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const refundEvents = table('refund_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundId: bigint('refund_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  lineId: bigint('line_id', { mode: 'number' }),
  detail: text('detail'),
  at: tz('at').notNull().defaultNow(),
});

export const refundNotes = table('refund_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundId: bigint('refund_id', { mode: 'number' }).notNull(),
  author: text('author').notNull(),
  body: text('body').notNull(),
  at: tz('at').notNull().defaultNow(),
});

export const erpReturnOrders = table('erp_return_orders', {
  returnSalesId: text('return_sales_id').primaryKey(),
  refundId: bigint('refund_id', { mode: 'number' }).notNull(),
  clientAccountnum: text('client_accountnum').notNull(),
  createdAt: tz('created_at').notNull(),
  creditNoteId: text('credit_note_id'),
  creditAmount: numeric('credit_amount', { precision: 14, scale: 2 }),
  creditedAt: tz('credited_at'),
});
