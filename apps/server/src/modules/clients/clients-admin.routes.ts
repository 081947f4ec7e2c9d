import { clientCalls as c } from '@portal/contract/clients-calls';
import { USERS_MESSAGES } from '@portal/contract/users';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { ClientsAdminRepository } from './clients-admin.repository.ts';
import type { ClientsAdminService } from './clients-admin.service.ts';

/**
 * Client administration under /api/inclient (spec part 2 §7 Clients; issue 14): admins only (decision 0032). The
 * calls are declared in the contract (`clientCalls`; issue 24) and registered from their declarations.
 */
export const clientsAdminRoutes: FastifyPluginAsync<{
  service: ClientsAdminService;
  repo: ClientsAdminRepository;
}> = async (app, { service, repo }) => {
  endpointRoute(app, c.grid, (request) => repo.grid(request.query));

  endpointRoute(app, c.client, (request) => service.detail(request.params.id));

  endpointRoute(app, c.newClient, (request) => service.blank(request.params.id));

  endpointRoute(app, c.put, async (request) => {
    const result = await service.save(callerOf(request), request.params.accountnum, request.body);
    // A block ends the client's sessions: answered once this instance has heard of it.
    await app.principalChanges.settled();
    return result;
  });

  endpointRoute(app, c.remove, async (request) => {
    await service.remove(request.params.id);
    return { message: USERS_MESSAGES.deleteOk };
  });

  endpointRoute(app, c.forceLogouts, async (request) => {
    const type = request.body?.type ?? request.query.type;
    const affected = await service.forceLogouts(request.params.id, type);
    await app.principalChanges.settled();
    return { message: USERS_MESSAGES.forceLogoutOk, affected };
  });
};
