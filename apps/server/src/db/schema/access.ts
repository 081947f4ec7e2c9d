/** Drizzle view of the access tables (migration 0020_access.sql). */
import { bigserial, pgTable as table, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const passwordLinks = table('password_links', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['welcome', 'reset'] }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});

export const userIdentities = table('user_identities', {
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  linkedAt: tz('linked_at').notNull().defaultNow(),
});

export const oidcRequests = table('oidc_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** SHA-256 of the starting browser's cookie (0056). */
  browserHash: text('browser_hash'),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
});
