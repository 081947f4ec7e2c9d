import { salesCalls as c } from '@portal/contract/sales-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadEndpoints } from '../../plugins/document-routes.ts';
import type { SalesRepository } from './sales.repository.ts';

/**
 * Orders (ERP sales orders) of the caller's client; admins see every client's (part 2 §2 Orders, §7). The calls are
 * declared in the contract (`salesCalls`; issue 24) and registered from their declarations.
 */
export const salesRoutes: FastifyPluginAsync<{ repo: SalesRepository }> = async (app, { repo }) => {
  endpointRoute(app, c.grid, (request) => repo.grid(request.query, documentScope(callerOf(request))));

  documentReadEndpoints(app, {
    headers: c.headers,
    lines: c.lines,
    reader: repo,
    keyOf: (header) => header.SALESID,
  });
};
