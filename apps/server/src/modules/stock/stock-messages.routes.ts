import { stockMessageCalls as c, STOCK_MESSAGES } from '@portal/contract/stock';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound, RuleViolations } from '../../plugins/errors.ts';
import type { StockMessagesRepository } from './stock-messages.repository.ts';

/**
 * Stock messages between stores (spec part 2 §7 "Stock messages"; decision 0041): admins only. The calls are declared
 * in the contract (`stockMessageCalls`; issue 24) and registered from their declarations.
 */
export const stockMessagesRoutes: FastifyPluginAsync<{ repo: StockMessagesRepository }> = async (app, { repo }) => {
  /** Both stores must exist: an unknown one is a 400 naming the field. */
  async function checkStores(origen: string, destino: string) {
    const known = await repo.existingStores([origen, destino]);
    const issues = [
      ...(known.has(origen) ? [] : [{ path: 'origen', message: STOCK_MESSAGES.storeUnknown }]),
      ...(known.has(destino) ? [] : [{ path: 'destino', message: STOCK_MESSAGES.storeUnknown }]),
    ];
    if (issues.length) throw new RuleViolations(issues);
  }

  endpointRoute(app, c.list, async (request) => repo.list(request.query.ubicacion));

  endpointRoute(app, c.message, async (request) => {
    const found = await repo.get(request.params.id);
    if (!found) throw notFound();
    return found;
  });

  endpointRoute(app, c.add, async (request, reply) => {
    const { origen, destino, mensaje } = request.body;
    await checkStores(origen, destino);
    const id = await repo.add(origen, destino, mensaje);
    if (id === null) {
      return reply.code(409).send({
        message: STOCK_MESSAGES.duplicated,
        messagedetail: `${origen} -> ${destino}`,
        result: STOCK_MESSAGES.duplicated,
      });
    }
    return { result: 1 as const, id };
  });

  endpointRoute(app, c.update, async (request, reply) => {
    const { id, origen, destino, mensaje, activo } = request.body;
    await checkStores(origen, destino);
    const outcome = await repo.update(id, { origin: origen, destination: destino, message: mensaje, active: activo });
    if (outcome === 'missing') throw notFound();
    if (outcome === 'duplicate') {
      return reply.code(409).send({
        message: STOCK_MESSAGES.exists,
        title: STOCK_MESSAGES.errorTitle,
        messagedetail: `${origen} -> ${destino}`,
        result: 0 as const,
      });
    }
    return { result: 1 as const };
  });

  endpointRoute(app, c.remove, async (request) => {
    if (!(await repo.remove(request.params.id))) throw notFound();
    return { message: STOCK_MESSAGES.deleted, id: request.params.id };
  });

  endpointRoute(app, c.stores, async () => repo.stores());

  endpointRoute(app, c.returnStores, async () => repo.returnStores());
};
