import { packingSlipCalls as c } from '@portal/contract/sales-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadEndpoints } from '../../plugins/document-routes.ts';
import type { PackingSlipsRepository } from './packingslips.repository.ts';

/**
 * Packing slips (delivery notes) of the caller's client; admins see every client's (part 2 §2, §7). The calls are
 * declared in the contract (`packingSlipCalls`; issue 24) and registered from their declarations.
 */
export const packingSlipsRoutes: FastifyPluginAsync<{ repo: PackingSlipsRepository }> = async (app, { repo }) => {
  endpointRoute(app, c.grid, (request) =>
    repo.grid(request.query, documentScope(callerOf(request)), request.query.filterProduct),
  );

  documentReadEndpoints(app, {
    headers: c.headers,
    lines: c.lines,
    reader: repo,
    keyOf: (header) => header.PACKINGSLIPID,
  });
};
