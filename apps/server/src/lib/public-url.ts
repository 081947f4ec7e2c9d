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
 * The portal's public base URL, built in one place. When the request came to a host name of WEB_CONTEXT_HOSTS,
 * that name: each brand's e-mails and payment pages stay on its own domain (with PUBLIC_URL's scheme and no port
 * when PUBLIC_URL is set, as behind the proxy that serves it; else the request's scheme, and the port only when it
 * is the listen port). Else PUBLIC_URL; else the listen address. What the caller sends in Host is only compared
 * with configured names, never written. `port` answers the port listened on (PORT=0 picks one).
 */
export function publicBaseUrl(options: {
  publicUrl: string | undefined;
  hosts: ReadonlyMap<string, unknown>;
  host: string;
  port: () => number;
}): (request: FastifyRequest) => string {
  const { publicUrl, hosts } = options;
  const publicScheme = publicUrl ? new URL(publicUrl).protocol : undefined;
  return (request) => {
    const name = request.hostname.toLowerCase();
    const port = options.port();
    if (!hosts.has(name)) return publicUrl ?? listenAddress(options.host, port);
    if (publicScheme) return `${publicScheme}//${name}`;
    const scheme = request.protocol === 'https' ? 'https' : 'http';
    return `${scheme}://${name}${request.port === port ? `:${port}` : ''}`;
  };
}

/** The port the app listens on once listening, else the configured one (requests injected in tests). */
export function listenPort(app: FastifyInstance, configured: number): number {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : configured;
}
