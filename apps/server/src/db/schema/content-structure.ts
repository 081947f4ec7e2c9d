/** Drizzle view of the content structure tables (migration 0021_content_structure.sql; decisions 0037, 0038). */
import { boolean, integer, primaryKey, serial, smallint, pgTable as table, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The version of each reorganisable tree ('categories', 'menus:<lang>'). */
export const contentTreeVersions = table('content_tree_versions', {
  tree: text('tree').primaryKey(),
  version: integer('version').notNull().default(0),
});

export const categories = table('categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  icon: text('icon'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const categoryTexts = table(
  'category_texts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] })],
);

export const zones = table('zones', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const zoneTexts = table(
  'zone_texts',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.lang] })],
);

export const menus = table('menus', {
  id: serial('id').primaryKey(),
  lang: text('lang').notNull(),
  zoneId: integer('zone_id')
    .notNull()
    .references(() => zones.id),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  icon: text('icon'),
  lnkobjetoCod: smallint('lnkobjeto_cod').notNull().default(4),
  lnkobjetoId: integer('lnkobjeto_id'),
  lnkmode: smallint('lnkmode').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const faqPacks = table('faq_packs', {
  id: serial('id').primaryKey(),
  lang: text('lang').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  typeCod: smallint('type_cod').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const faqResponses = table('faq_responses', {
  id: serial('id').primaryKey(),
  packId: integer('pack_id')
    .notNull()
    .references(() => faqPacks.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  question: text('question').notNull(),
  answerHtml: text('answer_html').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
