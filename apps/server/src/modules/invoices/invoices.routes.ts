import { errorBody } from '@portal/contract/errors';
import {
  documentIdParams,
  documentIdQuery,
  headersQuery,
  invoiceGridResponse,
  invoiceHeaders,
  invoiceLines,
  productFilterGridQuery,
} from '@portal/contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentScope } from '../../lib/sql-format.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadRoutes } from '../../plugins/document-routes.ts';
import type { InvoicesRepository } from './invoices.repository.ts';

const tags = ['invoices'];
const P = '/api/ininvoice';
const refusals = { 400: errorBody, 401: errorBody, 404: errorBody };

/** Invoices of the caller's client; admins see every client's (part 2 §2 Invoices, §7). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ repo: InvoicesRepository }> = async (app, { repo }) => {
  app.get(`${P}/getallheadersjqgrid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Grid of invoice headers (jqGrid protocol; default sort INVOICEDATE desc; optional filterProduct)',
      description:
        '`filterProduct` (at least 2 characters, else 400 WARN_ProductFilterShort) keeps the invoices holding a line whose article reference or description contains it. Columns: INVOICES_GRID in packages/contract/src/sales.ts.',
      querystring: productFilterGridQuery,
      response: { 200: invoiceGridResponse, ...refusals },
    },
    handler: (request) => repo.grid(request.query, documentScope(callerOf(request)), request.query.filterProduct),
  });

  const lines = documentReadRoutes(app, {
    prefix: P,
    tags,
    refusals,
    reader: repo,
    keyOf: (header) => header.INVOICEID,
    headers: {
      summary: 'Invoice headers: the one of `id` (404 when it is not the caller’s), else the newest `rows` (≤ 100)',
      querystring: headersQuery,
      response: invoiceHeaders,
    },
    lines: {
      path: 'getlinesbyinvoiceid',
      summary: 'Lines of an invoice of the caller’s client, with VAT (id in the path)',
      params: documentIdParams,
      response: invoiceLines,
    },
  });
  app.get(`${P}/getlinesbyinvoiceid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Lines of an invoice of the caller’s client, with VAT (query `id`)',
      querystring: documentIdQuery,
      response: { 200: invoiceLines, ...refusals },
    },
    handler: (request) => lines(request.query.id, documentScope(callerOf(request))),
  });
};
