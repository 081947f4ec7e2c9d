import { documentCalls as c } from '@portal/contract/documents';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { settingsFiltersRepository } from './settings-filters.repository.ts';

/**
 * Settings helpers used by the document grids: the options of their store and delivery-mode filters, declared in the
 * contract (`documentCalls`; issue 24).
 */
export const settingsFiltersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const repo = settingsFiltersRepository(db);
  endpointRoute(app, c.storesFilter, () => repo.stores());
  endpointRoute(app, c.dlvModesFilter, () => repo.deliveryModes());
};
