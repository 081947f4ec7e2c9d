import type { FastifyRequest } from 'fastify';

/**
 * The path a request's rules read, the one the router read (decision 0052): the matched route's declared path, or,
 * when no route matched, the request's path percent-decoded. Never the raw URL: `/api/%69nuser/…` reaches the route
 * `/api/inuser/…`, so a rule matched on the raw URL would let it through.
 */
export function rulePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** The path of a URL (no query), percent-decoded as the router decodes it; as written when it does not decode. */
export function decodedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
