import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery, gridResponse } from '@portal/contract/grids';
import {
  accountnumParams,
  clientDetail,
  clientGridRow,
  clientParams,
  forceLogoutsQuery,
  forceLogoutsResponse,
  PEOPLE_MESSAGES,
  putClientRequest,
  putClientResponse,
} from '@portal/contract/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { ClientsAdminRepository } from './clients-admin.repository.ts';
import type { ClientsAdminService } from './clients-admin.service.ts';

const tags = ['clients'];
const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Client administration under /api/inclient (spec part 2 §7 Clients; issue 14): admins only (decision 0032). */
export const clientsAdminRoutes: FastifyPluginAsyncZod<{
  service: ClientsAdminService;
  repo: ClientsAdminRepository;
}> = async (app, { service, repo }) => {
  app.get('/api/inclient/GetClientesJqGrid', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Clients grid (jqGrid protocol): ACCOUNTNUM, NAME, ALMACEN, BOQPEDIDO, BLOQTODO, NOMCOMERCIAL',
      querystring: gridQuery,
      response: { 200: gridResponse(clientGridRow), ...refusals },
    },
    handler: (request) => repo.grid(request.query),
  });

  app.get('/api/inclient/getclient/:id', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'A client with its addresses',
      params: clientParams,
      response: { 200: clientDetail, ...refusals },
    },
    handler: (request) => service.detail(request.params.id),
  });

  app.get('/api/inclient/getnewclient/:id', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'A blank client with that account number (isnew), or the existing one',
      params: clientParams,
      response: { 200: clientDetail, ...refusals },
    },
    handler: (request) => service.blank(request.params.id),
  });

  app.put('/api/inclient/putcliente/:accountnum', {
    config: { auth: admin },
    schema: {
      tags,
      summary:
        'Save a client: plate flags, blocks and home store are saved; a change of ERP data is e-mailed as a request (email 1)',
      params: accountnumParams,
      body: putClientRequest,
      response: { 200: putClientResponse, ...refusals },
    },
    handler: async (request) => {
      const result = await service.save(callerOf(request), request.params.accountnum, request.body);
      // A block ends the client's sessions: answered once this instance has heard of it.
      await app.principalChanges.settled();
      return result;
    },
  });

  app.delete('/api/inclient/deleteclient/:id', {
    config: { auth: admin },
    schema: {
      tags,
      summary: 'Delete a client without history (users, web orders, ERP documents: 400 WARN_ClientHasHistory)',
      params: clientParams,
      response: { 200: z.object({ message: z.string() }), ...refusals },
    },
    handler: async (request) => {
      await service.remove(request.params.id);
      return { message: PEOPLE_MESSAGES.deleteOk };
    },
  });

  app.post('/api/inclient/forcelogouts/:id', {
    config: { auth: admin },
    schema: {
      tags,
      summary:
        'Force logout of every user of the client: type 0 their sessions, type 1 their unspent invoice download links',
      params: clientParams,
      querystring: forceLogoutsQuery,
      body: z.object({ type: z.coerce.number().int().min(0).max(1).optional() }).nullish(),
      response: { 200: forceLogoutsResponse, ...refusals },
    },
    handler: async (request) => {
      const type = request.body?.type ?? request.query.type;
      const affected = await service.forceLogouts(request.params.id, type);
      await app.principalChanges.settled();
      return { message: PEOPLE_MESSAGES.forceLogoutOk, affected };
    },
  });
};
