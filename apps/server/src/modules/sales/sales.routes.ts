import { errorBody } from '@portal/contract/errors';
import { gridQuery } from '@portal/contract/grids';
import { documentIdParams, headersQuery, salesGridResponse, salesHeaders, salesLines } from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentScope } from '../../lib/sql-format.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadRoutes } from '../../plugins/document-routes.ts';
import type { SalesRepository } from './sales.repository.ts';

const tags = ['sales'];
const P = '/api/insales';
const refusals = { 400: errorBody, 401: errorBody, 404: errorBody };

/** Orders (ERP sales orders) of the caller's client; admins see every client's (part 2 §2 Orders, §7). */
export const salesRoutes: FastifyPluginAsyncZod<{ repo: SalesRepository }> = async (app, { repo }) => {
  app.get(`${P}/getallheadersjqgrid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Grid of order headers (jqGrid protocol; default sort JUMCREATEDDATE desc; SALESSTATUS -1 is All)',
      description:
        'Columns, types and operators: SALES_GRID in packages/contract/src/sales.ts. Counts stop at 10,000 (`more`). See docs/decisions/0012.',
      querystring: gridQuery,
      response: { 200: salesGridResponse, ...refusals },
    },
    handler: (request) => repo.grid(request.query, documentScope(callerOf(request))),
  });

  documentReadRoutes(app, {
    prefix: P,
    tags,
    refusals,
    reader: repo,
    keyOf: (header) => header.SALESID,
    headers: {
      summary: 'Order headers: the one of `id` (404 when it is not the caller’s), else the newest `rows` (≤ 100)',
      querystring: headersQuery,
      response: salesHeaders,
    },
    lines: {
      path: 'getlinesbysalesid',
      summary: 'Lines of an order of the caller’s client (an id shown without its 41 prefix is found too)',
      params: documentIdParams,
      response: salesLines,
    },
  });
};
