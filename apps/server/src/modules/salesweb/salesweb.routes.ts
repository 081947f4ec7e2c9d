import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery } from '@portal/contract/grids';
import {
  reloadResponse,
  webOrderGridResponse,
  webOrderHeaders,
  webOrderHeadersQuery,
  webOrderIdParams,
  webOrderLines,
} from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { documentScope } from '../../lib/sql-format.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadRoutes } from '../../plugins/document-routes.ts';
import { requeueNotImported } from './erp-import.job.ts';
import type { SalesWebRepository } from './salesweb.repository.ts';

const tags = ['web orders'];
const P = '/api/insalesweb';
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

type Options = { repo: SalesWebRepository; db: Db; clock: () => Date };

/** Web orders (part 2 §2 Web orders, §4): the caller's client's, and the control list of every client. */
export const salesWebRoutes: FastifyPluginAsyncZod<Options> = async (app, { repo, db, clock }) => {
  app.get(`${P}/getallheadersjqgrid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Grid of the web orders of the caller’s client (jqGrid protocol; default sort FechaPedido desc)',
      description: 'Columns: WEB_ORDERS_GRID in packages/contract/src/sales.ts. Admins see every client’s.',
      querystring: gridQuery,
      response: { 200: webOrderGridResponse, ...refusals },
    },
    handler: (request) => repo.grid(request.query, documentScope(callerOf(request))),
  });

  app.get(`${P}/getallheadersforcontroljqgrid`, {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Control list (admins): every client’s web orders with IMPORTED, ERROR and REINTENTOSWEB',
      querystring: gridQuery,
      response: { 200: webOrderGridResponse, ...refusals },
    },
    handler: (request) => repo.grid(request.query, null),
  });

  documentReadRoutes(app, {
    prefix: P,
    tags,
    refusals,
    reader: repo,
    keyOf: (header) => header.Id,
    headers: {
      summary: 'Web order headers: the one of `id` (404 when it is not the caller’s), else the newest `rows`',
      querystring: webOrderHeadersQuery,
      response: webOrderHeaders,
    },
    lines: {
      path: 'getlinesbysalesid',
      summary: 'Lines of a web order of the caller’s client',
      params: webOrderIdParams,
      response: webOrderLines,
    },
  });

  app.post(`${P}/reloadNonProcessedCheckOut`, {
    config: { auth: { rank: RANK.admin } },
    schema: {
      tags,
      summary: 'Queue again the web orders not imported into the ERP (waiting for a retry or given up)',
      description:
        'The ERP import job takes them on its next pass. Answers how many were queued and how many are pending.',
      response: { 200: reloadResponse, ...refusals },
    },
    handler: () => requeueNotImported(db, clock()),
  });
};
