import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The base of every URL the portal writes for a request: e-mailed links, payment pages (decision 0015). */
    publicBaseUrl(request: FastifyRequest): string;
  }
}

/**
 * Where the portal listens, as a URL: `http://localhost:PORT` on every interface or the loopback one (the address
 * a browser on the same machine uses), else `http://HOST:PORT`.
 */
export function listenAddress(host: string, port: number): string {
  if (['', '0.0.0.0', '::', '::0', 'localhost', '127.0.0.1', '::1'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The portal's public base URL, built in one place: PUBLIC_URL; else, when the request came to a host name of
 * WEB_CONTEXT_HOSTS, that name (with the port only when it is the listen port); else the listen address. What
 * the caller sends in Host is only compared with configured names, never written: an unknown Host gets the
 * listen address. `port` answers the port listened on (PORT=0 picks one).
 */
export function publicBaseUrl(options: {
  publicUrl: string | undefined;
  hosts: ReadonlyMap<string, unknown>;
  host: string;
  port: () => number;
}): (request: FastifyRequest) => string {
  const { publicUrl, hosts } = options;
  if (publicUrl) return () => publicUrl;
  return (request) => {
    const port = options.port();
    const name = request.hostname.toLowerCase();
    if (!hosts.has(name)) return listenAddress(options.host, port);
    const scheme = request.protocol === 'https' ? 'https' : 'http';
    return `${scheme}://${name}${request.port === port ? `:${port}` : ''}`;
  };
}

/** The port the app listens on once listening, else the configured one (requests injected in tests). */
export function listenPort(app: FastifyInstance, configured: number): number {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : configured;
}
