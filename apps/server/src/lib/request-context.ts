import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's address as the trusted proxies tell it (TRUST_PROXY), or the socket's when what they pass on is not an
 * address: nothing but an IP is ever stored or counted (decision 0052).
 */
export function clientIp(request: FastifyRequest): string {
  return isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? '0.0.0.0');
}

/** Where a request came from, for logs, and the portal's base URL for links sent back (never the Host). */
export function requestContext(request: FastifyRequest) {
  return {
    ip: clientIp(request),
    userAgent: request.headers['user-agent'] ?? null,
    baseUrl: request.server.publicBaseUrl(request),
  };
}
