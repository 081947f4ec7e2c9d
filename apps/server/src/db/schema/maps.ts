/** Drizzle view of the map tables (migration 0017_map_points.sql). */
import { boolean, integer, numeric, primaryKey, serial, pgTable as table, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './schema.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mapPoints = table('map_points', {
  id: serial('id').primaryKey(),
  latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
  longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
  active: boolean('active').notNull().default(true),
  kind: text('kind', { enum: ['store', 'point'] })
    .notNull()
    .default('point'),
  storeId: text('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  marker: text('marker', { enum: ['blue', 'red', 'green', 'orange'] })
    .notNull()
    .default('blue'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const mapPointTexts = table(
  'map_point_texts',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => mapPoints.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.lang] })],
);
