import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { decodedPath } from '../lib/request-path.ts';
import { isApiPath } from './errors.ts';

/** Serves the built web app; every non-API GET that is not a file answers index.html (client-side routes). */
export function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request (not listed once at start), so a rebuild is served without a restart.
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A private B2B portal: no search engine indexes any of it (before the client-route fallback below).
  app.get('/robots.txt', { config: { auth: 'anonymous' }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send('User-agent: *\nDisallow: /\n'),
  );
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && hasWeb && !isApiPath(decodedPath(request.url))) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: 'WARN_NotFound', messagedetail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
