import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { listenPort } from '../../lib/public-url.ts';
import { fetchHttp, type Http } from './demo-erp-client.ts';

/**
 * HTTP to this server itself, for the demo ERP client: over the network once it listens (the address it listens on,
 * loopback for a wildcard), else (tests that only inject) through `inject`, which runs the same routes and hooks.
 */
export function selfHttp(app: FastifyInstance, config: Config): Http {
  return async (request) => {
    if (!app.server.listening) {
      const res = await app.inject({
        method: request.method,
        url: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
      return { status: res.statusCode, body: res.body, headers };
    }
    const host = ['', '0.0.0.0', '::', '::0', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
    const base = `http://${host.includes(':') ? `[${host}]` : host}:${listenPort(app, config.port)}`;
    return fetchHttp(base)(request);
  };
}
