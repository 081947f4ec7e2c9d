import { documentCalls as c } from '@portal/contract/documents';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';

/**
 * Settings helpers used by the document grids: the options of their store and delivery-mode filters, declared in the
 * contract (`documentCalls`; issue 24).
 */
export const settingsFiltersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, c.storesFilter, () =>
    queryRows<{ id: string; name: string }>(db, sql`select id, name from stores order by name, id`),
  );

  endpointRoute(app, c.dlvModesFilter, () =>
    queryRows<{ id: string; name: string }>(db, sql`select id, name from delivery_modes order by sort, name, id`),
  );
};
