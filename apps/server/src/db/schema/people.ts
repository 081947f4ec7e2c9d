/** Drizzle view of the people tables (migration 0019_people.sql; decisions 0031–0033). */
import { bigserial, jsonb, primaryKey, smallint, pgTable as table, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients, stores, users } from './schema.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The stores a user works with; position 0 is the default (the home store of the user's cart lines). */
export const userStores = table(
  'user_stores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

/** Changes of ERP-mirrored client data asked for in the portal, e-mailed to the client's store. */
export const clientChangeRequests = table('client_change_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientAccountnum: text('client_accountnum')
    .notNull()
    .references(() => clients.accountnum, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  changes: jsonb('changes').notNull(),
  emailedTo: text('emailed_to').notNull(),
  processedAt: tz('processed_at'),
});
