import {
  eventsAck,
  eventsFeed,
  webhookDeliveries,
  webhookDeliveryResend,
  webhookSigningSecret,
} from '@portal/contract/integration-events';
import type { FastifyInstance } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { IntegrationEventsRepository } from './integration-events.repository.ts';
import type { WebhookSender } from './webhook-sender.ts';

type Deps = { repo: IntegrationEventsRepository; sender: WebhookSender; clock: () => Date };

/** The events' pull feed for machine clients, and the admins' webhook deliveries and signing secrets (0059). */
export async function integrationEventsRoutes(app: FastifyInstance, { repo, sender, clock }: Deps) {
  endpointRoute(app, eventsFeed, async (request) => {
    const after = request.query.after ?? (await repo.ackedCursor(request.machine!.id));
    const { events, more } = await repo.after(after, request.query.limit);
    request.integrationRows = events.length;
    return { events, next: events.at(-1)?.cursor ?? after, more };
  });

  endpointRoute(app, eventsAck, async (request) => {
    const { cursor } = request.body;
    // A cursor past the newest one given would skip events not read yet.
    if (cursor > (await repo.newest()))
      throw badRequest('WARN_ValidationError', 'cursor: after the newest event; acknowledge a `next` of the feed');
    return { cursor: await repo.ack(request.machine!.id, cursor, clock()) };
  });

  endpointRoute(app, webhookDeliveries, async (request) => ({
    rows: await repo.deliveries(request.query.status, request.query.limit),
  }));

  endpointRoute(app, webhookDeliveryResend, async (request) => {
    if (!(await repo.resend(request.params.id, clock()))) throw notFound();
    sender.kick();
    return { id: request.params.id, status: 'pending' as const };
  });

  endpointRoute(app, webhookSigningSecret, async (request) => {
    const secret = await repo.webhookSecret(request.params.id);
    if (!secret) throw notFound();
    return { secret };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender of this app (tests await `settled()`). */
    webhooks: WebhookSender;
  }
}
