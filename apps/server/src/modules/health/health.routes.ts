import { healthResponse } from '@portal/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/health', {
    config: { auth: 'anonymous' },
    schema: {
      tags: ['health'],
      summary: '200 when the database answers, 503 when not',
      response: { 200: healthResponse, 503: healthResponse },
    },
    handler: async (request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ok' as const, db: database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database does not answer');
        return reply.status(503).send({ status: 'down' as const, db: database.kind });
      }
    },
  });
};
