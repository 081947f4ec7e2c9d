import { healthCalls } from '@portal/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { pingDatabase } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  endpointRoute(app, healthCalls.health, async (request, reply) => {
    try {
      await pingDatabase(database.db);
      return { status: 'ok' as const, db: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database does not answer');
      return reply.status(503).send({ status: 'down' as const, db: database.kind });
    }
  });
};
