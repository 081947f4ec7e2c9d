import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rulePath } from '../../lib/request-path.ts';
import type { IntegrationClientsRepository } from './integration-clients.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The rows an integration call handled (a feed's rows, the events answered), for its log line. */
    integrationRows: number | null;
  }
}

/** Every call of a machine client is logged as it is answered: the client, the call, its rows, its status and time. */
export const integrationCallLog = fp(
  async (app: FastifyInstance, { repo, clock }: { repo: IntegrationClientsRepository; clock: () => Date }) => {
    app.decorateRequest('integrationRows', null);
    // Written before the answer leaves, as the acting log is: once the client has its answer, the log has it.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.machine) return payload;
      await repo
        .logCall(
          request.machine.id,
          {
            method: request.method,
            path: rulePath(request),
            status: reply.statusCode,
            rows: request.integrationRows,
            durationMs: reply.elapsedTime,
          },
          clock(),
        )
        .catch((err) => request.log.error({ err }, 'integration call log failed'));
      return payload;
    });
  },
  { name: 'integration-call-log', dependencies: ['auth'] },
);
