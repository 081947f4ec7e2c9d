/** Drizzle view of the catalogue tables (migrations/0002_catalog.sql). */
import {
  bigserial,
  boolean,
  integer,
  numeric,
  serial,
  smallint,
  pgTable as table,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const vehicleMakes = table('vehicle_makes', { id: integer('id').primaryKey(), name: text('name').notNull() });

export const vehicleModels = table('vehicle_models', {
  id: integer('id').primaryKey(),
  makeId: integer('make_id').notNull(),
  name: text('name').notNull(),
  yearFrom: smallint('year_from'),
  yearTo: smallint('year_to'),
  firstEngineId: integer('first_engine_id'),
  engineCount: smallint('engine_count').notNull().default(0),
  vehicleCode: text('vehicle_code'),
});

export const vehicleEngines = table('vehicle_engines', {
  id: integer('id').primaryKey(),
  modelId: integer('model_id').notNull(),
  name: text('name').notNull(),
  fuel: text('fuel').notNull(),
  powerKw: smallint('power_kw').notNull(),
  yearFrom: smallint('year_from'),
  yearTo: smallint('year_to'),
});

export const articles = table('articles', {
  id: integer('id').primaryKey(),
  refJumasa: text('ref_jumasa').notNull(),
  refNorm: text('ref_norm').notNull(),
  supplier: text('supplier').notNull(),
  familyCode: text('family_code').notNull(),
  description: text('description').notNull(),
  novelty: boolean('novelty').notNull(),
  offer: boolean('offer').notNull(),
  eurocode: text('eurocode'),
  imageCount: smallint('image_count').notNull(),
  stockTracked: boolean('stock_tracked').notNull(),
  searchText: text('search_text').notNull(),
});

/** The list price of each article (migration 0049, decision 0078): one row per article. */
export const articlePrices = table('article_prices', {
  articleId: integer('article_id').primaryKey(),
  pv1d: numeric('pv1d', { precision: 12, scale: 2 }).notNull(),
});

export const articleOem = table('article_oem', {
  articleId: integer('article_id').notNull(),
  oem: text('oem').notNull(),
  oemNorm: text('oem_norm').notNull(),
});

export const fitments = table('fitments', {
  articleId: integer('article_id').notNull(),
  makeId: integer('make_id').notNull(),
  modelId: integer('model_id').notNull(),
  familyCode: text('family_code').notNull(),
  refJumasa: text('ref_jumasa').notNull(),
  engineId: integer('engine_id'),
});

export const articleMakes = table('article_makes', {
  makeId: integer('make_id').notNull(),
  articleId: integer('article_id').notNull(),
  familyCode: text('family_code').notNull(),
  refJumasa: text('ref_jumasa').notNull(),
});

export const stock = table('stock', {
  articleId: integer('article_id').notNull(),
  storeId: text('store_id').notNull(),
  quantity: integer('quantity').notNull(),
});

export const plates = table('plates', {
  country: text('country').notNull(),
  plateNorm: text('plate_norm').notNull(),
  plate: text('plate').notNull(),
  modelId: integer('model_id').notNull(),
  engineId: integer('engine_id'),
});

export const plateSearchLogs = table('plate_search_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  clientId: text('client_id'),
  country: text('country').notNull(),
  plateText: text('plate_text').notNull(),
  found: boolean('found').notNull(),
  modelId: integer('model_id'),
  engineId: integer('engine_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = table('cart_lines', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  clientAccountnum: text('client_accountnum').notNull(),
  articleId: integer('article_id').notNull(),
  quantity: integer('quantity').notNull(),
  modelId: integer('model_id'),
  supplier: text('supplier'),
  searchLogId: integer('search_log_id'),
  storeId: text('store_id'),
  /** The line's job reference (migration 0051, decision 0081). */
  jobRef: text('job_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
