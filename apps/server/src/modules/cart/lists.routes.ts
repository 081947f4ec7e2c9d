import { listCalls as c } from '@portal/contract/lists';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CartService } from './cart.service.ts';
import { listsService } from './lists.service.ts';

/** Lists (requisition lists, issue 26; docs/decisions/0080): registered from their declarations (`listCalls`). */
export const listsRoutes: FastifyPluginAsync<{ db: Db; cart: CartService }> = async (app, { db, cart }) => {
  const service = listsService(db, cart);
  endpointRoute(app, c.lists, (request) => service.lists(callerOf(request)));
  endpointRoute(app, c.create, (request) => service.create(callerOf(request), request.body));
  endpointRoute(app, c.detail, (request) => service.detail(callerOf(request), request.params.id));
  endpointRoute(app, c.update, (request) => service.update(callerOf(request), request.params.id, request.body));
  endpointRoute(app, c.duplicate, (request) =>
    service.duplicate(callerOf(request), request.params.id, request.body.name),
  );
  endpointRoute(app, c.remove, (request) => service.remove(callerOf(request), request.params.id));
  endpointRoute(app, c.addLines, (request) => service.addLines(callerOf(request), request.params.id, request.body));
  endpointRoute(app, c.updateLine, (request) =>
    service.updateLine(callerOf(request), request.params.id, request.params.lineId, request.body.quantity),
  );
  endpointRoute(app, c.removeLine, (request) =>
    service.removeLine(callerOf(request), request.params.id, request.params.lineId),
  );
  endpointRoute(app, c.order, (request) => service.order(callerOf(request), request.params.id, request.body.lineIds));
};
