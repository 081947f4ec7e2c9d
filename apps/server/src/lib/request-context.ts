import type { FastifyRequest } from 'fastify';

/** Where a request came from, for logs and for links sent back to the same site. */
export function requestContext(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    origin: `${request.protocol}://${request.host}`,
  };
}
