/** Drizzle view of the tables of db/migrations; the SQL files are the source of truth. */
import {
  bigserial,
  boolean,
  integer,
  numeric,
  primaryKey,
  serial,
  smallint,
  pgTable as table,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appSettings = table('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const stores = table('stores', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  zipcode: text('zipcode').notNull(),
  province: text('province').notNull(),
  latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
  longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
  phone: text('phone'),
  noticeEmail: text('notice_email'),
  returnEmail: text('return_email'),
  stockCalcType: smallint('stock_calc_type').notNull().default(0),
  /** Opening hours shown in the store's map popup (migration 0017). */
  openingHours: text('opening_hours'),
});

export const clients = table('clients', {
  accountnum: text('accountnum').primaryKey(),
  name: text('name').notNull(),
  commercialName: text('commercial_name'),
  taxId: text('tax_id'),
  email: text('email'),
  phone: text('phone'),
  storeId: text('store_id').references(() => stores.id),
  ordersBlocked: boolean('orders_blocked').notNull().default(false),
  allBlocked: boolean('all_blocked').notNull().default(false),
  isWorkZone: boolean('is_work_zone').notNull().default(false),
  esPlate: boolean('es_plate').notNull().default(false),
  frPlate: boolean('fr_plate').notNull().default(false),
  itPlate: boolean('it_plate').notNull().default(false),
  ptPlate: boolean('pt_plate').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** Tax treatment (docs/decisions/0019): VAT rate in basis points, and why it is exempt when it is. */
  country: text('country').notNull().default('ES'),
  vatRateBp: integer('vat_rate_bp').notNull().default(2100),
  vatExemptReason: text('vat_exempt_reason'),
});

export const clientAddresses = table('client_addresses', {
  id: serial('id').primaryKey(),
  clientAccountnum: text('client_accountnum')
    .notNull()
    .references(() => clients.accountnum),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  zipcode: text('zipcode').notNull(),
  country: text('country').notNull().default('ES'),
  isDefault: boolean('is_default').notNull().default(false),
});

export const roles = table('roles', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
});

export const users = table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  clientAccountnum: text('client_accountnum').references(() => clients.accountnum),
  imageId: integer('image_id'),
  banned: boolean('banned').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  tokenCreated: tz('token_created'),
  emailConfirmed: boolean('email_confirmed').notNull().default(true),
  confirmCodeHash: text('confirm_code_hash'),
  addressDefaultId: integer('address_default_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** Whether the user chose its profile's language (migration 0053); the language itself (0019) is read in SQL. */
  languageChosen: boolean('language_chosen').notNull().default(false),
});

export const userRoles = table(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roleName: text('role_name')
      .notNull()
      .references(() => roles.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleName] })],
);

export const refreshTokens = table('refresh_tokens', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  familyId: uuid('family_id').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  clientId: text('client_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  /** A digest of who used it (IP, user agent, client_id): the grace period of a repeated refresh (0002). */
  usedBy: text('used_by'),
  revokedAt: tz('revoked_at'),
});

export const loginThrottle = table('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: tz('last_failure_at').notNull(),
  blockedUntil: tz('blocked_until'),
});

export const userLogs = table('user_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  clientId: text('client_id'),
  messageCod: smallint('message_cod').notNull(),
  fecha: tz('fecha').notNull().defaultNow(),
  ipaddress: text('ipaddress'),
  machinename: text('machinename'),
  useragent: text('useragent'),
  data: text('data'),
});

export const languages = table('languages', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  position: smallint('position').notNull(),
});

export const dictionaryEntries = table(
  'dictionary_entries',
  {
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);

export const welcomeTexts = table(
  'welcome_texts',
  {
    context: smallint('context').notNull(),
    lang: text('lang').notNull(),
    html: text('html').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.context, t.lang] })],
);

export const navMenuItems = table('nav_menu_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  icon: text('icon'),
  sref: text('sref'),
  href: text('href'),
  minRank: smallint('min_rank').notNull().default(0),
  requiredRole: text('required_role'),
});

export const schemaMigrations = table('schema_migrations', {
  id: text('id').primaryKey(),
  appliedAt: tz('applied_at').notNull().defaultNow(),
  /** The SHA-256 of the migration file as applied (hex); null until the migrator records it (decision 0085). */
  checksum: text('checksum'),
});

/** Content structure tables (migration 0021; issue 15). */
export * from './content-structure.ts';

/** Post tables (migration 0022; issue 15). */
export * from './posts.ts';

/** Returns tables (migration 0018; issue 13). */
export * from './returns.ts';

/** Statistics and ERP synchronisation tables (migration 0024; issue 16). */
export * from './sync-stats.ts';
