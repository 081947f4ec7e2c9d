import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'a-metrics-token-of-thirty-two-characters';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The families of a scrape, parsed by a Prometheus text parser the project did not write. */
async function families(): Promise<Map<string, MetricFamily>> {
  const res = await scrape('127.0.0.1');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
}
const gauge = (fams: Map<string, MetricFamily>, name: string, labels: Record<string, string>) =>
  fams.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value;

describe('GET /metrics', () => {
  it('answers this machine and a caller with the token; nobody else, nor a request a proxy passed on', async () => {
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('::1')).statusCode).toBe(200);
    expect((await scrape('203.0.113.4')).statusCode).toBe(403);
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.4' })).statusCode).toBe(403);
    expect((await scrape('203.0.113.4', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape('203.0.113.4', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
  });

  it('times requests by declared route and status, not by URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/does/not/exist?x=1' });
    const fams = await families();
    expect(fams.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds a histogram's labelled series into one: its lines are read as written.
    const text = (await scrape('127.0.0.1')).body;
    const count =
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} (\d+)$/m;
    expect(Number(count.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d+$/m,
    );
    expect(text).not.toMatch(/route="[^"]*(\?|does\/not)/);
  });

  it('reports the event loop’s lag, the pool on PostgreSQL, and the depth and age of every queue', async () => {
    const before = await families();
    expect(before.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    for (const queue of ['mail', 'erp_web_orders', 'erp_refunds', 'sync', 'webhooks']) {
      expect(gauge(before, 'portal_queue_depth', { queue }), queue).toBeDefined();
      expect(gauge(before, 'portal_queue_oldest_age_seconds', { queue }), queue).toBeDefined();
    }
    expect(gauge(before, 'portal_queue_dead', { queue: 'mail' })).toBeDefined();
    const pool = gauge(before, 'portal_db_pool_connections', { state: 'max' });
    expect(pool).toBe(t.database.pool ? String(t.database.pool.max) : undefined);
    // One more e-mail waiting (nothing sends it: MAIL_INTERVAL_SECONDS=0), queued ten minutes ago.
    await t.database.db.execute(
      sql`insert into mail_outbox (recipient, subject, body, created_at)
          values ('metrics@demo.example', 'x', 'x', now() - interval '10 minutes')`,
    );
    const after = await families();
    expect(Number(gauge(after, 'portal_queue_depth', { queue: 'mail' }))).toBe(
      Number(gauge(before, 'portal_queue_depth', { queue: 'mail' })) + 1,
    );
    expect(Number(gauge(after, 'portal_queue_oldest_age_seconds', { queue: 'mail' }))).toBeGreaterThanOrEqual(600);
  });
});
