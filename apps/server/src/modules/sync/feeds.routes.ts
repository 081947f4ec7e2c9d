import type { Readable } from 'node:stream';
import { FEED_ENDPOINTS, FEED_MESSAGES, FEEDS, type Feed, getFeedBatches } from '@portal/contract/integration-feeds';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FeedsService } from './feeds.service.ts';

const NDJSON = 'application/x-ndjson';
const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The ERP's feeds, `POST /api/integration/v1/feeds/<feed>` (issue 23; decision 0060), and the sync screen's view of
 * their last batches. In this scope a body is not parsed by Fastify: the route reads it as a stream (a million rows
 * never sit in memory at once) and checks each row against the feed's row schema itself, so that a bad row is
 * refused alone instead of the whole body.
 */
export const feedsRoutes: FastifyPluginAsync<{ service: FeedsService }> = async (app, { service }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', NDJSON], (_request, payload, done) => done(null, payload));
  // Rows are checked one by one in the service; the declared body schema documents them.
  app.setValidatorCompiler(() => (data) => ({ value: data }));

  const keyOf = (request: FastifyRequest) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return null;
    if (typeof header !== 'string' || !KEY.test(header))
      throw new AppError(400, 'WARN_FeedIdempotencyKeyInvalid', FEED_MESSAGES.keyInvalid);
    return header;
  };

  for (const feed of FEEDS) {
    endpointRoute(app, FEED_ENDPOINTS[feed], async (request, reply) => {
      const key = keyOf(request);
      const stream = request.body as unknown as Readable;
      // Another content type (a form) is parsed by its own parser: not rows this feed reads.
      if (typeof stream?.pipe !== 'function') throw new AppError(415, 'WARN_FeedMediaType', FEED_MESSAGES.mediaType);
      const ndjson = (request.headers['content-type'] ?? '').toLowerCase().startsWith(NDJSON);
      const done = await service.receive(
        request.machine!.id,
        feed as Feed,
        { stream, ndjson, baseUrl: app.publicBaseUrl(request) },
        key,
      );
      request.integrationRows = done.rows;
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(done.status).send(done.answer);
    });
  }

  endpointRoute(app, getFeedBatches, () => service.lastBatches());
};
