import { addressListResponse } from '@portal/contract/cart';
import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery, gridResponse } from '@portal/contract/grids';
import {
  clientParams,
  isNewUserId,
  myRoles,
  newUserQuery,
  PEOPLE_MESSAGES,
  putRolesRequest,
  putUserAdminRequest,
  putUserRequest,
  putUserStoresRequest,
  roleList,
  rolesQuery,
  savedUserResponse,
  userAddrListQuery,
  userDetailParams,
  userDetailResponse,
  userGridRow,
  userStores,
} from '@portal/contract/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { UsersAdminRepository } from './users-admin.repository.ts';
import type { UsersAdminService } from './users-admin.service.ts';

const tags = ['users'];
const manager = { rank: RANK.clientAdmin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const saved = z.object({ message: z.string() });

/**
 * User administration under /api/inuser (spec part 2 §7 Users; issue 14): admins manage every user, a client admin
 * the users of their own client (another client's user answers 404, granting admin roles 403; decision 0031).
 */
export const usersAdminRoutes: FastifyPluginAsyncZod<{
  service: UsersAdminService;
  repo: UsersAdminRepository;
}> = async (app, { service, repo }) => {
  app.post('/api/inuser/GetUsersJqGrid', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Users grid (jqGrid protocol in the body): username ascending; client_id by equality only',
      body: gridQuery,
      response: { 200: gridResponse(userGridRow), ...refusals },
    },
    handler: (request) => service.grid(callerOf(request), request.body),
  });

  app.get('/api/inuser/GetUsersByClientJqGrid/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'The users of one client (jqGrid protocol)',
      params: clientParams,
      querystring: gridQuery,
      response: { 200: gridResponse(userGridRow), ...refusals },
    },
    handler: (request) => service.grid(callerOf(request), request.query, request.params.id),
  });

  const detailSchema = { 200: userDetailResponse, ...refusals };

  app.get('/api/inuser/getnewuser', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'A blank user (all-zero id); c_id presets the client',
      querystring: newUserQuery,
      response: detailSchema,
    },
    handler: async (request) => ({ data: await service.newUser(callerOf(request), request.query.c_id) }),
  });

  for (const path of ['/api/inuser/getuser/:id', '/api/inuser/getuser2/:id']) {
    app.get(path, {
      config: { auth: manager },
      schema: {
        tags,
        summary: 'A user of the caller’s scope; an all-zero or `new` id answers a blank user',
        params: userDetailParams,
        querystring: newUserQuery,
        response: detailSchema,
      },
      handler: async (request) => {
        const me = callerOf(request);
        if (isNewUserId(request.params.id)) return { data: await service.newUser(me, request.query.c_id) };
        return { data: await service.detail(me, request.params.id) };
      },
    });
  }

  app.get('/api/inuser/getuser', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The caller’s own user as the profile screen edits it', response: detailSchema },
    handler: async (request) => {
      const row = await repo.byId(callerOf(request).id);
      if (!row) throw notFound();
      return { data: service.view(row) };
    },
  });

  app.post('/api/inuser/putuseradmin/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Create (all-zero id) or update a user; a new one is e-mailed a one-time link to set its password',
      params: userDetailParams,
      body: putUserAdminRequest,
      response: { 200: savedUserResponse, ...refusals },
    },
    handler: async (request) => {
      const result = await service.saveAdmin(
        callerOf(request),
        request.params.id,
        request.body,
        app.publicBaseUrl(request),
      );
      await app.principalChanges.settled();
      return { data: { id: result.id }, message: PEOPLE_MESSAGES.saveOk };
    },
  });

  app.post('/api/inuser/putuser/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The caller’s own picture, default address, language and password (the current one is asked)',
      params: userDetailParams,
      body: putUserRequest,
      response: { 200: savedUserResponse, ...refusals },
    },
    handler: async (request) => {
      const me = callerOf(request);
      await service.saveOwn(me, request.params.id, request.body);
      await app.principalChanges.settled();
      return { data: { id: me.id }, message: PEOPLE_MESSAGES.saveOk };
    },
  });

  app.delete('/api/inuser/deleteuser/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Delete a user without history (web orders keep a user: 400 WARN_UserHasHistory)',
      params: userDetailParams,
      response: { 200: saved, ...refusals },
    },
    handler: async (request) => {
      await service.remove(callerOf(request), request.params.id);
      return { message: PEOPLE_MESSAGES.deleteOk };
    },
  });

  app.get('/api/inuser/getMyRoles', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The caller’s roles and rank', response: { 200: myRoles, 401: errorBody } },
    handler: (request) => {
      const me = callerOf(request);
      return { roles: me.roles, rank: me.rank };
    },
  });

  app.get('/api/inuser/getuserroles/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Every role in the language, checked when the user holds it; editable: the caller may change it',
      params: userDetailParams,
      querystring: rolesQuery,
      response: { 200: roleList, ...refusals },
    },
    handler: (request) => service.roles(callerOf(request), request.params.id, request.query.lang),
  });

  app.post('/api/inuser/putuserroles/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Set the named roles; a client admin changing admin, clientadmin or comercial is refused (403)',
      params: userDetailParams,
      body: putRolesRequest,
      response: { 200: saved, ...refusals },
    },
    handler: async (request) => {
      await service.putRoles(callerOf(request), request.params.id, request.body);
      await app.principalChanges.settled();
      return { message: PEOPLE_MESSAGES.saveOk };
    },
  });

  app.get('/api/inuser/GetInventLocations/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'Every store; selected ones in order (position 0: the default, the home store of the cart lines)',
      params: userDetailParams,
      response: { 200: userStores, ...refusals },
    },
    handler: (request) => service.stores(callerOf(request), request.params.id),
  });

  app.post('/api/inuser/PutInventLocationsUser/:id', {
    config: { auth: manager },
    schema: {
      tags,
      summary: 'The stores a user works with, in order: the first is the default (decision 0033)',
      params: userDetailParams,
      body: putUserStoresRequest,
      response: { 200: saved, ...refusals },
    },
    handler: async (request) => {
      await service.putStores(callerOf(request), request.params.id, request.body.stores);
      await app.principalChanges.settled();
      return { message: PEOPLE_MESSAGES.saveOk };
    },
  });

  const label = (a: { name: string; street: string; zipcode: string; city: string }, includeName: boolean) =>
    `${includeName ? `${a.name} · ` : ''}${a.street}, ${a.zipcode} ${a.city}`;

  app.get('/api/incheckout/getaddrlistbyuser', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary:
        'A user’s client’s addresses with its default selected (the caller, `profile`, or a managed user); for a new user (all-zero id) the addresses of id_cliente, none selected',
      querystring: userAddrListQuery,
      response: { 200: addressListResponse, ...refusals },
    },
    handler: async (request) => {
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
      const row = own
        ? await repo.byId(me.id)
        : me.rank >= RANK.clientAdmin
          ? await service.managed(me, id_user)
          : null;
      if (!row?.cliente_id) throw notFound();
      return list(row.cliente_id, row.addressdefault_recid);
    },
  });
};
