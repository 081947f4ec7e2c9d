import { invoiceCalls as c } from '@portal/contract/sales-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadEndpoints } from '../../plugins/document-routes.ts';
import type { InvoicesRepository } from './invoices.repository.ts';

/**
 * Invoices of the caller's client; admins see every client's (part 2 §2 Invoices, §7). The calls are declared in the
 * contract (`invoiceCalls`; issue 24) and registered from their declarations.
 */
export const invoicesRoutes: FastifyPluginAsync<{ repo: InvoicesRepository }> = async (app, { repo }) => {
  endpointRoute(app, c.grid, (request) =>
    repo.grid(request.query, documentScope(callerOf(request)), request.query.filterProduct),
  );

  const lines = documentReadEndpoints(app, {
    headers: c.headers,
    lines: c.lines,
    reader: repo,
    keyOf: (header) => header.INVOICEID,
  });
  endpointRoute(app, c.linesById, (request) => lines(request.query.id, documentScope(callerOf(request))));
};
