import { storesCalls as c, STORES_MESSAGES } from '@portal/contract/stores';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { StoresRepository } from './stores.repository.ts';

/**
 * Stores with their stock calculation (/api/instock) and the article grid (/api/inarticle): admins only. The calls
 * are declared in the contract (`storesCalls`; issue 24) and registered from their declarations.
 */
export const storesRoutes: FastifyPluginAsync<{ repo: StoresRepository }> = async (app, { repo }) => {
  endpointRoute(app, c.articlesGrid, async (request) => {
    const { store, ...query } = request.query;
    const from = store ?? (await repo.defaultStore());
    if (!from || !(await repo.storeExists(from))) throw badRequest('WARN_ValidationError', 'store: unknown store');
    return repo.articlesGrid(query, from);
  });

  endpointRoute(app, c.grid, async (request) => repo.storesGrid(request.query));

  endpointRoute(app, c.store, async (request) => {
    const found = await repo.getStore(request.params.id);
    if (!found) throw notFound();
    return found;
  });

  endpointRoute(app, c.put, async (request) => {
    if (!(await repo.putStore(request.body))) throw notFound();
    return { message: STORES_MESSAGES.saved, INVENTLOCATIONID: request.body.INVENTLOCATIONID };
  });

  // Delivery modes' names by language (decision 0091): on the stores' screen, the same admins.
  endpointRoute(app, c.dlvModes, () => repo.dlvModeNames());

  endpointRoute(app, c.putDlvModeNames, async (request) => {
    if (!(await repo.putDlvModeNames(request.body.DLVMODE, request.body.NAMES))) throw notFound();
    return { message: STORES_MESSAGES.saved, DLVMODE: request.body.DLVMODE };
  });
};
