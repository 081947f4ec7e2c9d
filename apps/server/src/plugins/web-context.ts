import type { WebContext } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';

export type WebContextResolver = (request: FastifyRequest) => WebContext;

/** The site variant is chosen by the host name the request came to, else the configured default. */
export function webContextResolver(hosts: Map<string, WebContext>, fallback: WebContext): WebContextResolver {
  return (request) => hosts.get(request.hostname.toLowerCase()) ?? fallback;
}
