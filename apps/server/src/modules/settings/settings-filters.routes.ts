import { filterOptions } from '@portal/contract/grids';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, queryRows } from '../../db/client.ts';

const tags = ['settings'];
const P = '/api/insettings';

/** Settings helpers used by the document grids: the options of their store and delivery-mode filters. */
export const settingsFiltersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`${P}/GetAllStoresjqFilter`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Stores for a grid filter: the rule is INVENTLOCATIONID eq {id}',
      response: { 200: filterOptions },
    },
    handler: () => queryRows<{ id: string; name: string }>(db, sql`select id, name from stores order by name, id`),
  });

  app.get(`${P}/GetAllDlvModesjqFilter`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delivery modes for a grid filter: the rule is DLVMODE eq {id}',
      response: { 200: filterOptions },
    },
    handler: () =>
      queryRows<{ id: string; name: string }>(db, sql`select id, name from delivery_modes order by sort, name, id`),
  });
};
