/** Drizzle view of the post tables (migration 0022_posts.sql; decisions 0039, 0040). */
import {
  boolean,
  integer,
  primaryKey,
  serial,
  smallint,
  pgTable as table,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const posts = table('posts', {
  id: serial('id').primaryKey(),
  kind: smallint('kind').notNull(),
  name: text('name').notNull(),
  categoryId: integer('category_id'),
  active: boolean('active').notNull().default(true),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  slug: text('slug'),
  createdBy: uuid('created_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const postTexts = table(
  'post_texts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    imageThumbnailId: integer('image_thumbnail_id'),
    imageMediumId: integer('image_medium_id'),
    imageBannerId: integer('image_banner_id'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.lang] })],
);

export const postRelations = table(
  'post_relations',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.postId] })],
);
