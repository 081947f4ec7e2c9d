import { errorBody } from '@portal/contract/errors';
import {
  documentIdParams,
  headersQuery,
  packingSlipGridResponse,
  packingSlipHeaders,
  packingSlipLines,
  productFilterGridQuery,
} from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentScope } from '../../lib/sql-format.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadRoutes } from '../../plugins/document-routes.ts';
import type { PackingSlipsRepository } from './packingslips.repository.ts';

const tags = ['packing slips'];
const P = '/api/inpackingslip';
const refusals = { 400: errorBody, 401: errorBody, 404: errorBody };

/** Packing slips (delivery notes) of the caller's client; admins see every client's (part 2 §2, §7). */
export const packingSlipsRoutes: FastifyPluginAsyncZod<{ repo: PackingSlipsRepository }> = async (app, { repo }) => {
  app.get(`${P}/getallheadersjqgrid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Grid of packing slip headers (jqGrid protocol; default sort DELIVERYDATE desc; optional filterProduct)',
      description:
        'Store and delivery-mode dropdowns: /api/insettings/GetAllStoresjqFilter and GetAllDlvModesjqFilter (rules INVENTLOCATIONID eq, DLVMODE eq). Columns: PACKING_SLIPS_GRID in packages/contract/src/sales.ts.',
      querystring: productFilterGridQuery,
      response: { 200: packingSlipGridResponse, ...refusals },
    },
    handler: (request) => repo.grid(request.query, documentScope(callerOf(request)), request.query.filterProduct),
  });

  documentReadRoutes(app, {
    prefix: P,
    tags,
    refusals,
    reader: repo,
    keyOf: (header) => header.PACKINGSLIPID,
    headers: {
      summary: 'Packing slip headers: the one of `id` (404 when it is not the caller’s), else the newest `rows`',
      querystring: headersQuery,
      response: packingSlipHeaders,
    },
    lines: {
      path: 'getlinesbypackingslipid',
      summary: 'Lines of a packing slip of the caller’s client (the delivered quantities)',
      params: documentIdParams,
      response: packingSlipLines,
    },
  });
};
