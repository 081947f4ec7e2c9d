import { integrationAdmin as api, INTEGRATION_MESSAGES, webhookUrlProblem } from '@portal/contract/integration';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { AppError, notFound, RuleViolations } from '../../plugins/errors.ts';
import type { IntegrationAdminRepository } from './integration-admin.repository.ts';
import type { IntegrationClientsRepository } from './integration-clients.repository.ts';
import { newClientSecrets } from './secrets.ts';

type Options = {
  repo: IntegrationAdminRepository;
  clients: IntegrationClientsRepository;
  sha256: (value: string) => string;
  clock: () => Date;
  /** Plain http webhooks on this machine (127.0.0.1, localhost): outside production only, for tests and the demo. */
  allowPlainHttpLoopback: boolean;
};

const revoked = () => new AppError(409, INTEGRATION_MESSAGES.revoked);

/** The admins' screen of integration clients (/setting/integrations; issue 23, decision 0058). */
export const integrationAdminRoutes: FastifyPluginAsync<Options> = async (
  app,
  { repo, clients, sha256, clock, allowPlainHttpLoopback },
) => {
  /** The client of `id` when it exists and is not revoked; else 404 or 409. */
  async function activeClient(id: string) {
    const state = await repo.state(id);
    if (state === 'missing') throw notFound();
    if (state === 'revoked') throw revoked();
  }

  endpointRoute(app, api.listClients, async () => ({ clients: await repo.list(clock()) }));

  endpointRoute(app, api.createClient, async (request, reply) => {
    const caller = callerOf(request);
    const created = await clients.create(
      { name: request.body.name, scopes: request.body.scopes, createdBy: caller.id },
      newClientSecrets(sha256),
    );
    reply.code(201);
    return { id: created.id, clientId: created.clientId, clientSecret: created.secret };
  });

  endpointRoute(app, api.rotateSecret, async (request) => {
    const { id } = request.params;
    const secrets = newClientSecrets(sha256);
    const rotated = await repo.rotate(id, secrets.secretHash, clock());
    if (!rotated) throw (await repo.state(id)) === 'missing' ? notFound() : revoked();
    return { id, clientId: rotated.clientId, clientSecret: secrets.secret };
  });

  endpointRoute(app, api.revokeClient, async (request) => {
    const { id } = request.params;
    if (!(await repo.revoke(id, clock()))) throw (await repo.state(id)) === 'missing' ? notFound() : revoked();
    return { message: INTEGRATION_MESSAGES.revokedOk };
  });

  endpointRoute(app, api.listCalls, async (request) => {
    const { id } = request.params;
    if ((await repo.state(id)) === 'missing') throw notFound();
    const { page, rows } = request.query;
    const found = await repo.calls(id, page, rows);
    return { page, total: Math.ceil(found.records / rows), records: found.records, rows: found.rows };
  });

  endpointRoute(app, api.listWebhooks, async (request) => {
    const { id } = request.params;
    if ((await repo.state(id)) === 'missing') throw notFound();
    return { webhooks: await repo.webhooks(id), allowPlainHttpLoopback };
  });

  endpointRoute(app, api.addWebhook, async (request, reply) => {
    const { id } = request.params;
    const problem = webhookUrlProblem(request.body.url, { allowPlainHttpLoopback });
    if (problem) throw new RuleViolations([{ path: 'url', message: problem }]);
    await activeClient(id);
    const result = await repo.addWebhook(id, new URL(request.body.url).href, clock());
    if ('refused' in result)
      throw new AppError(
        409,
        result.refused === 'exists' ? INTEGRATION_MESSAGES.urlExists : INTEGRATION_MESSAGES.tooManyWebhooks,
      );
    reply.code(201);
    return result.added;
  });

  endpointRoute(app, api.removeWebhook, async (request) => {
    const { id, webhookId } = request.params;
    if (!(await repo.removeWebhook(id, webhookId))) throw notFound();
    return { message: INTEGRATION_MESSAGES.webhookRemoved };
  });
};
