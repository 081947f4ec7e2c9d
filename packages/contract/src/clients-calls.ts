/**
 * The calls of client administration, each declared once (issue 24; decision 0062), over the schemas of users.ts:
 * clients under /api/inclient, admins only (decision 0032), and the caller's own client (`profile`). The users of a
 * client are users-calls.ts's.
 */
import { z } from 'zod';
import { clientProfile } from './account.ts';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery, gridResponse } from './grids.ts';
import {
  accountnumParams,
  clientDetail,
  clientGridRow,
  clientParams,
  forceLogoutsBody,
  forceLogoutsQuery,
  forceLogoutsResponse,
  putClientRequest,
  putClientResponse,
} from './users.ts';

const admin = { rank: RANK.admin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const saved = z.object({ message: z.string() });

/** The calls of client administration (/api/inclient), admins only. */
export const clientCalls = {
  grid: endpoint({
    method: 'GET',
    path: '/api/inclient/GetClientesJqGrid',
    access: admin,
    summary: 'Clients grid (jqGrid protocol): ACCOUNTNUM, NAME, ALMACEN, BOQPEDIDO, BLOQTODO, NOMCOMERCIAL',
    tags: ['clients'],
    query: gridQuery,
    response: gridResponse(clientGridRow),
    refusals,
  }),
  client: endpoint({
    method: 'GET',
    path: '/api/inclient/getclient/:id',
    access: admin,
    summary: 'A client with its addresses',
    tags: ['clients'],
    params: clientParams,
    response: clientDetail,
    refusals,
  }),
  newClient: endpoint({
    method: 'GET',
    path: '/api/inclient/getnewclient/:id',
    access: admin,
    summary: 'A blank client with that account number (isnew), or the existing one',
    tags: ['clients'],
    params: clientParams,
    response: clientDetail,
    refusals,
  }),
  put: endpoint({
    method: 'PUT',
    path: '/api/inclient/putcliente/:accountnum',
    access: admin,
    summary:
      'Save a client: plate flags, blocks and home store are saved; a change of ERP data is e-mailed as a request (email 1)',
    tags: ['clients'],
    params: accountnumParams,
    body: putClientRequest,
    response: putClientResponse,
    refusals,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/inclient/deleteclient/:id',
    access: admin,
    summary: 'Delete a client without history (users, web orders, ERP documents: 400 WARN_ClientHasHistory)',
    tags: ['clients'],
    params: clientParams,
    response: saved,
    refusals,
  }),
  forceLogouts: endpoint({
    method: 'POST',
    path: '/api/inclient/forcelogouts/:id',
    access: admin,
    summary:
      'Force logout of every user of the client: type 0 their sessions, type 1 their unspent invoice download links',
    tags: ['clients'],
    params: clientParams,
    query: forceLogoutsQuery,
    body: forceLogoutsBody,
    response: forceLogoutsResponse,
    refusals,
  }) /** The caller's own client; the server answers 404 when somebody below admin names another one. */,
  profile: endpoint({
    method: 'GET',
    path: '/api/inclient/getprofile/',
    access: 'user',
    summary: 'The caller’s client; admins may name another one with cliente_id',
    tags: ['clients'],
    query: z.object({ cliente_id: z.string().trim().min(1).max(20).optional() }),
    response: clientProfile,
    refusals: { 404: errorBody },
  }),
};
