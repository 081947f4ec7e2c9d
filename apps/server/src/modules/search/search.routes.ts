import { searchCalls } from '@portal/contract/search';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { documentScope } from '../../lib/sql-format.sql.ts';
import { callerOf } from '../../plugins/auth.ts';
import { searchRepository } from './search.repository.ts';

/**
 * One search over every document (issue 26; docs/decisions/0081), scoped as the document grids are: a customer (and
 * staff acting as one) their own client's documents, staff every client's (`documentScope`).
 */
export const searchRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const repo = searchRepository(db);
  endpointRoute(app, searchCalls.documents, (request) =>
    repo.documents(request.query.q, documentScope(callerOf(request))),
  );
};
