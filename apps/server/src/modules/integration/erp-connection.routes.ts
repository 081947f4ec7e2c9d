import { getErpConnection } from '@portal/contract/erp-connection';
import type { FastifyInstance } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { DEMO_ERP_CLIENT_ID } from './demo-erp-client.ts';
import type { IntegrationClientsRepository } from './integration-clients.repository.ts';

/**
 * Whether an ERP is connected (decision 0067): a client that is not revoked holds erp.events. The sync and web-order
 * control screens say plainly when none does: web orders and refunds then stay not imported.
 */
export async function erpConnectionRoutes(
  app: FastifyInstance,
  { clients }: { clients: IntegrationClientsRepository },
) {
  endpointRoute(app, getErpConnection, async () => {
    const receivers = await clients.eventReceivers();
    return {
      connected: receivers.length > 0,
      demo: receivers.some((r) => r.clientId === DEMO_ERP_CLIENT_ID),
      clients: receivers.map((r) => ({ name: r.name, lastUsedAt: r.lastUsedAt })),
    };
  });
}
