/**
 * Whether an ERP is connected (issue 23, "Production never pretends"; decision 0067): an integration client that is
 * not revoked holds the scope erp.events, so somebody takes the web orders and refunds. Without one they stay not
 * imported, and the sync and web-order control screens say so.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

export const erpConnection = z.object({
  connected: z.boolean().describe('An integration client that is not revoked holds erp.events'),
  demo: z.boolean().describe('The built-in demo ERP is one of them (demo mode only)'),
  clients: z
    .array(
      z.object({
        name: z.string(),
        lastUsedAt: z.string().nullable().describe('Its last call or token (ISO 8601), null when never'),
      }),
    )
    .describe('The clients that receive the events, by name'),
});
export type ErpConnection = z.infer<typeof erpConnection>;

export const getErpConnection = endpoint({
  method: 'GET',
  path: '/api/integration/admin/erp-connection',
  access: { rank: RANK.admin },
  summary: 'Whether an ERP receives the portal’s events (web orders, refunds): the clients holding erp.events',
  tags: ['integration'],
  response: erpConnection,
  refusals: { 401: errorBody, 403: errorBody },
});
