import { webOrderCalls as c } from '@portal/contract/sales-calls';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { callerOf } from '../../plugins/auth.ts';
import { documentReadEndpoints } from '../../plugins/document-routes.ts';
import { requeueNotImported } from './erp-import.repository.ts';
import type { SalesWebRepository } from './salesweb.repository.ts';

type Options = { repo: SalesWebRepository; db: Db; clock: () => Date };

/**
 * Web orders (part 2 §2 Web orders, §4): the caller's client's, and the control list of every client. The calls are
 * declared in the contract (`webOrderCalls`; issue 24) and registered from their declarations.
 */
export const salesWebRoutes: FastifyPluginAsync<Options> = async (app, { repo, db, clock }) => {
  endpointRoute(app, c.grid, (request) => repo.grid(request.query, documentScope(callerOf(request))));

  endpointRoute(app, c.controlGrid, (request) => repo.grid(request.query, null));

  documentReadEndpoints(app, {
    headers: c.headers,
    lines: c.lines,
    reader: repo,
    keyOf: (header) => header.Id,
  });

  endpointRoute(app, c.reload, () => requeueNotImported(db, clock()));
};
