import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

/** A background queue as metrics see it: how many items wait, and how long the oldest has waited. */
export type QueueStats = { depth: number; oldestSeconds: number; dead?: number };

type Options = {
  database: Database;
  /** METRICS_TOKEN: a bearer token that may read /metrics from anywhere; without it, only this machine may. */
  token: string | undefined;
  /** Each background queue (mail, ERP exports, refunds, sync), read when the metrics are read. */
  queues: Record<string, () => Promise<QueueStats>>;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /metrics in the Prometheus text format (decision 0052): request durations by route and status, the database
 * pool, the event loop's lag (and the process's memory and CPU), and every background queue's depth and age. Answered
 * to a caller on this machine that came through no proxy, or to one with `Authorization: Bearer $METRICS_TOKEN`.
 */
async function metricsPlugin(app: FastifyInstance, options: Options) {
  // A registry of this app's own: tests build several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route (as declared) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The declared route, never the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const { pool } = options.database;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the PostgreSQL pool: in use, idle, and requests waiting for one (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.inUse());
      this.set({ state: 'idle' }, pool.idle());
      this.set({ state: 'waiting' }, pool.waiting());
      this.set({ state: 'max' }, pool.max);
    },
  });

  const depth = new Gauge({
    name: 'portal_queue_depth',
    help: 'Items waiting in a background queue (mail, erp_web_orders, erp_refunds, sync, webhooks)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const age = new Gauge({
    name: 'portal_queue_oldest_age_seconds',
    help: 'How long the oldest item of a background queue has waited (0 when it is empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const dead = new Gauge({
    name: 'portal_queue_dead',
    help: 'Items a background queue gave up on, waiting for a person (mails after a day of attempts)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  async function readQueues() {
    await Promise.all(
      Object.entries(options.queues).map(async ([queue, read]) => {
        const stats = await read();
        depth.set({ queue }, stats.depth);
        age.set({ queue }, Math.max(0, stats.oldestSeconds));
        if (stats.dead !== undefined) dead.set({ queue }, stats.dead);
      }),
    );
  }

  const token = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  const allowed = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (token && header) {
      const given = Buffer.from(header);
      return given.length === token.length && timingSafeEqual(given, token);
    }
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
  };

  app.get('/metrics', { config: { auth: 'anonymous' }, schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) {
      return reply.status(403).header('Cache-Control', 'no-store').send({ message: 'WARN_Forbidden' });
    }
    await readQueues();
    return reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
