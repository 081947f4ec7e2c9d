/**
 * The admins' side of the integration API (issue 23; decision 0058): the machine clients an ERP or its middleware
 * signs in with (OAuth 2 client credentials at POST /token, decision 0057), their secrets (shown once), their recent
 * calls and the webhook endpoints the portal's events are delivered to.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint, INTEGRATION_SCOPES } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridResponse } from './grids.ts';

/** The dictionary keys these calls answer with; the web shows the same ones. */
export const INTEGRATION_MESSAGES = {
  nameRequired: 'WARN_IntegrationNameRequired',
  nameTooLong: 'WARN_IntegrationNameTooLong',
  scopesRequired: 'WARN_IntegrationScopesRequired',
  urlRequired: 'WARN_IntegrationUrlRequired',
  urlInvalid: 'WARN_IntegrationUrlInvalid',
  urlHttpsOnly: 'WARN_IntegrationUrlHttpsOnly',
  urlExists: 'WARN_IntegrationUrlExists',
  tooManyWebhooks: 'WARN_IntegrationTooManyWebhooks',
  /** Rotating, revoking or adding an endpoint to a client already revoked. */
  revoked: 'WARN_IntegrationClientRevoked',
  revokedOk: 'MSG_IntegrationRevoked',
  webhookRemoved: 'MSG_IntegrationWebhookRemoved',
} as const;

export const INTEGRATION_LIMITS = {
  nameMax: 80,
  urlMax: 2000,
  /** Webhook endpoints a client may have. */
  webhooksMax: 10,
  /** The page sizes of a client's recent calls. */
  callPageSizes: [20, 50, 100],
} as const;

/** The WHATWG URL parser of Node and of every browser (this package's lib has neither DOM nor Node types). */
type ParsedUrl = { protocol: string; hostname: string; username: string; password: string; hash: string };
declare const URL: new (input: string) => ParsedUrl;

/** The hosts a plain-http webhook may name outside production (tests and the demo receive on this machine). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * What is wrong with a webhook URL, as a dictionary key, or null: an absolute https URL without credentials, or
 * (only when `allowPlainHttpLoopback`: outside production) http on this machine. The server and the form apply it.
 */
export function webhookUrlProblem(value: string, { allowPlainHttpLoopback }: { allowPlainHttpLoopback: boolean }) {
  const text = value.trim();
  if (text === '') return INTEGRATION_MESSAGES.urlRequired;
  if (text.length > INTEGRATION_LIMITS.urlMax) return INTEGRATION_MESSAGES.urlInvalid;
  let url: ParsedUrl;
  try {
    url = new URL(text);
  } catch {
    return INTEGRATION_MESSAGES.urlInvalid;
  }
  if (url.username || url.password || url.hash || url.hostname === '') return INTEGRATION_MESSAGES.urlInvalid;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowPlainHttpLoopback && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url.protocol === 'http:' ? INTEGRATION_MESSAGES.urlHttpsOnly : INTEGRATION_MESSAGES.urlInvalid;
}

const scope = z.enum(INTEGRATION_SCOPES);

export const integrationClient = z.object({
  id: z.string(),
  name: z.string(),
  /** The public id the client signs in with (OAuth 2 `client_id`). */
  clientId: z.string(),
  scopes: z.array(scope),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The client's calls of the last 24 hours. */
  calls24h: z.number().int(),
  /** Its webhook endpoints that are not disabled. */
  webhooks: z.number().int(),
});
export type IntegrationClient = z.infer<typeof integrationClient>;

export const createIntegrationClientBody = z.object({
  name: z
    .string({ message: INTEGRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: INTEGRATION_MESSAGES.nameRequired })
    .max(INTEGRATION_LIMITS.nameMax, { message: INTEGRATION_MESSAGES.nameTooLong }),
  scopes: z
    .array(scope, { message: INTEGRATION_MESSAGES.scopesRequired })
    .min(1, { message: INTEGRATION_MESSAGES.scopesRequired })
    .max(INTEGRATION_SCOPES.length, { message: INTEGRATION_MESSAGES.scopesRequired })
    .refine((s) => new Set(s).size === s.length, { message: INTEGRATION_MESSAGES.scopesRequired }),
});
export type CreateIntegrationClientBody = z.infer<typeof createIntegrationClientBody>;

/** The credentials an integrator is given: the secret is in this answer only, never again. */
export const integrationCredentials = z.object({
  id: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
});
export type IntegrationCredentials = z.infer<typeof integrationCredentials>;

export const integrationClientParams = z.object({ id: z.uuid() });
export const integrationWebhookParams = z.object({
  id: z.uuid(),
  webhookId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const integrationCall = z.object({
  id: z.number().int(),
  at: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  rows: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});
export type IntegrationCall = z.infer<typeof integrationCall>;

export const integrationCallsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  rows: z.coerce
    .number()
    .int()
    .refine((v) => (INTEGRATION_LIMITS.callPageSizes as readonly number[]).includes(v), 'rows: 20, 50 or 100')
    .default(20),
});

export const integrationWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type IntegrationWebhook = z.infer<typeof integrationWebhook>;

export const addIntegrationWebhookBody = z.object({
  url: z
    .string({ message: INTEGRATION_MESSAGES.urlRequired })
    .trim()
    .min(1, { message: INTEGRATION_MESSAGES.urlRequired })
    .max(INTEGRATION_LIMITS.urlMax, { message: INTEGRATION_MESSAGES.urlInvalid }),
});

const message = z.object({ message: z.string() });
const admin = { rank: RANK.admin } as const;
const tags = ['integration-admin'] as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody } as const;
const refusalsOfOne = { ...refusals, 404: errorBody } as const;

/** The admins' calls of the integration clients screen (/setting/integrations). */
export const integrationAdmin = {
  listClients: endpoint({
    method: 'GET',
    path: '/api/integration/admin/clients',
    access: admin,
    summary: 'The integration clients, newest first: scopes, dates, last use and calls of the last 24 hours',
    tags,
    response: z.object({ clients: z.array(integrationClient) }),
    refusals,
  }),
  createClient: endpoint({
    method: 'POST',
    path: '/api/integration/admin/clients',
    access: admin,
    summary: 'Adds an integration client; the answer holds its secret, shown this once',
    tags,
    body: createIntegrationClientBody,
    response: integrationCredentials,
    status: 201,
    refusals,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/integration/admin/clients/:id/rotate',
    access: admin,
    summary: 'Gives a client a new secret (shown this once); the old secret and every token issued stop at once',
    tags,
    params: integrationClientParams,
    response: integrationCredentials,
    refusals: { ...refusalsOfOne, 409: errorBody },
  }),
  revokeClient: endpoint({
    method: 'POST',
    path: '/api/integration/admin/clients/:id/revoke',
    access: admin,
    summary: 'Revokes a client: its secret and every token issued stop at once, for good',
    tags,
    params: integrationClientParams,
    response: message,
    refusals: { ...refusalsOfOne, 409: errorBody },
  }),
  listCalls: endpoint({
    method: 'GET',
    path: '/api/integration/admin/clients/:id/calls',
    access: admin,
    summary: "A client's recent calls, newest first, a page at a time",
    tags,
    params: integrationClientParams,
    query: integrationCallsQuery,
    response: gridResponse(integrationCall),
    refusals: refusalsOfOne,
  }),
  listWebhooks: endpoint({
    method: 'GET',
    path: '/api/integration/admin/clients/:id/webhooks',
    access: admin,
    summary: "A client's webhook endpoints, and whether plain http on this machine is allowed (outside production)",
    tags,
    params: integrationClientParams,
    response: z.object({ webhooks: z.array(integrationWebhook), allowPlainHttpLoopback: z.boolean() }),
    refusals: refusalsOfOne,
  }),
  addWebhook: endpoint({
    method: 'POST',
    path: '/api/integration/admin/clients/:id/webhooks',
    access: admin,
    summary: 'Adds a webhook endpoint to a client: https only (http on this machine outside production)',
    tags,
    params: integrationClientParams,
    body: addIntegrationWebhookBody,
    response: integrationWebhook,
    status: 201,
    refusals: { ...refusalsOfOne, 409: errorBody },
  }),
  removeWebhook: endpoint({
    method: 'DELETE',
    path: '/api/integration/admin/clients/:id/webhooks/:webhookId',
    access: admin,
    summary: "Removes one of a client's webhook endpoints",
    tags,
    params: integrationWebhookParams,
    response: message,
    refusals: refusalsOfOne,
  }),
} as const;
