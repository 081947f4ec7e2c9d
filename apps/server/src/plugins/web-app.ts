import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { WEB_CONTEXT_META, type WebContextResponse } from '@portal/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath } from '../lib/request-path.ts';
import { isApiPath } from './errors.ts';

/** What index.html tells the web app of the host it was asked at (GET /api/common/webcontext's answer). */
export type PageContext = (request: FastifyRequest) => WebContextResponse;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built web app; every non-API GET that is not a file answers index.html (client-side routes), read per
 * request (a rebuild is served without a restart) with the host's web context in a meta element: the app starts without
 * asking /api/common/webcontext (one request fewer on every first page, and the right dictionary asked at once;
 * decision 0087).
 */
export function registerWebApp(app: FastifyInstance, webDist: string, contextOf: PageContext) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await fs.promises.readFile(index, 'utf8');
    const meta = `<meta name="${WEB_CONTEXT_META}" content="${escapeAttribute(JSON.stringify(contextOf(request)))}">`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Host')
      .send(html.replace('</head>', `${meta}</head>`));
  };
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request (not listed once at start), so a rebuild is served without a restart.
      wildcard: true,
      // `/` is the page with its context (below), not the file as it is.
      index: false,
      // The build writes each file's Brotli and gzip forms beside it, at their best (decision 0100): sent as they are
      // to a browser that accepts them, not compressed again on every request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which of its encodings is sent depends on Accept-Encoding: a shared cache must not give one to every browser.
        res.setHeader('Vary', 'accept-encoding');
      },
    });
  }
  // `/` is a directory to the static files (403): the page is answered here.
  if (hasWeb) app.get('/', { config: { auth: 'anonymous' }, schema: { hide: true } }, page);
  // A private B2B portal: no search engine indexes any of it (before the client-route fallback below).
  app.get('/robots.txt', { config: { auth: 'anonymous' }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send('User-agent: *\nDisallow: /\n'),
  );
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && hasWeb && !isApiPath(decodedPath(request.url))) return page(request, reply);
    return reply
      .status(404)
      .send({ message: 'WARN_NotFound', messagedetail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
