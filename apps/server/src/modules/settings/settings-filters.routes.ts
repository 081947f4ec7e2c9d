import { documentCalls as c } from '@portal/contract/documents';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { settingsFiltersRepository } from './settings-filters.repository.ts';

/**
 * Settings helpers used by the document grids: the options of their store and delivery-mode filters, declared in the
 * contract (`documentCalls`; issue 24).
 */
export const settingsFiltersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const repo = settingsFiltersRepository(db);
  endpointRoute(app, c.storesFilter, (request) => repo.stores(callerOf(request).language));
  endpointRoute(app, c.dlvModesFilter, (request) => repo.deliveryModes(callerOf(request).language));
};
