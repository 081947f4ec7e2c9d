import type { FastifyRequest } from 'fastify';

/** Where a request came from, for logs, and the portal's base URL for links sent back (never the Host). */
export function requestContext(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    baseUrl: request.server.publicBaseUrl(request),
  };
}
