import { RANK } from '@portal/contract/constants';
import { isNewUserId, USERS_MESSAGES } from '@portal/contract/users';
import { userCalls as c } from '@portal/contract/users-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { UsersAdminRepository } from './users-admin.repository.ts';
import type { UsersAdminService } from './users-admin.service.ts';

/**
 * User administration under /api/inuser (spec part 2 §7 Users; issue 14): admins manage every user, a client admin
 * the users of their own client (another client's user answers 404, granting admin roles 403; decision 0031). The
 * calls are declared in the contract (`userCalls`; issue 24) and registered from their declarations.
 */
export const usersAdminRoutes: FastifyPluginAsync<{
  service: UsersAdminService;
  repo: UsersAdminRepository;
}> = async (app, { service, repo }) => {
  endpointRoute(app, c.grid, (request) => service.grid(callerOf(request), request.body));

  endpointRoute(app, c.byClientGrid, (request) => service.grid(callerOf(request), request.query, request.params.id));

  endpointRoute(app, c.newUser, async (request) => ({
    data: await service.newUser(callerOf(request), request.query.c_id),
  }));

  for (const e of [c.user, c.user2]) {
    endpointRoute(app, e, async (request) => {
      const me = callerOf(request);
      if (isNewUserId(request.params.id)) return { data: await service.newUser(me, request.query.c_id) };
      return { data: await service.detail(me, request.params.id) };
    });
  }

  endpointRoute(app, c.me, async (request) => {
    const me = callerOf(request);
    const row = await repo.byId(me.id);
    if (!row) throw notFound();
    return { data: service.view(row, me) };
  });

  endpointRoute(app, c.putAdmin, async (request) => {
    const result = await service.saveAdmin(
      callerOf(request),
      request.params.id,
      request.body,
      app.publicBaseUrl(request),
    );
    await app.principalChanges.settled();
    return { data: { id: result.id }, message: USERS_MESSAGES.saveOk };
  });

  endpointRoute(app, c.putOwn, async (request) => {
    const me = callerOf(request);
    await service.saveOwn(me, request.params.id, request.body);
    await app.principalChanges.settled();
    return { data: { id: me.id }, message: USERS_MESSAGES.saveOk };
  });

  endpointRoute(app, c.remove, async (request) => {
    await service.remove(callerOf(request), request.params.id);
    return { message: USERS_MESSAGES.deleteOk };
  });

  endpointRoute(app, c.myRoles, (request) => {
    const me = callerOf(request);
    return { roles: me.roles, rank: me.rank };
  });

  endpointRoute(app, c.roles, (request) => service.roles(callerOf(request), request.params.id, request.query.lang));

  endpointRoute(app, c.putRoles, async (request) => {
    await service.putRoles(callerOf(request), request.params.id, request.body);
    await app.principalChanges.settled();
    return { message: USERS_MESSAGES.saveOk };
  });

  endpointRoute(app, c.stores, (request) => service.stores(callerOf(request), request.params.id));

  endpointRoute(app, c.putStores, async (request) => {
    await service.putStores(callerOf(request), request.params.id, request.body.stores);
    await app.principalChanges.settled();
    return { message: USERS_MESSAGES.saveOk };
  });

  const label = (a: { name: string; street: string; zipcode: string; city: string }, includeName: boolean) =>
    `${includeName ? `${a.name} · ` : ''}${a.street}, ${a.zipcode} ${a.city}`;

  endpointRoute(app, c.addresses, async (request) => {
    const me = callerOf(request);
    const { id_user, id_cliente, includeName } = request.query;
    const list = async (clientId: string, selected: number | null) => {
      const addresses = await repo.addresses(clientId);
      return {
        selected: addresses.some((a) => a.id === selected) ? selected : null,
        addrlist: addresses.map((a) => ({ id: a.id, label: label(a, includeName) })),
      };
    };
    if (isNewUserId(id_user)) {
      const scope = service.userScope(me);
      const clientId = scope ?? id_cliente;
      if (!clientId || (scope !== null && id_cliente !== undefined && id_cliente !== scope)) throw notFound();
      if (!(await repo.clientExists(clientId))) throw notFound();
      return list(clientId, null);
    }
    const own = id_user === me.id || id_user.toLowerCase() === 'profile';
    const row = own ? await repo.byId(me.id) : me.rank >= RANK.clientAdmin ? await service.managed(me, id_user) : null;
    if (!row?.cliente_id) throw notFound();
    return list(row.cliente_id, row.addressdefault_recid);
  });
};
