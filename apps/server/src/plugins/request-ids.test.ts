import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { freshDatabase } from '../test/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
const lines: string[] = [];
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  await migrate(fresh.database);
  const logStream = new PassThrough();
  let rest = '';
  logStream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', MAIL_INTERVAL_SECONDS: '0' }),
    database: fresh.database,
    logStream,
    extend: (a) => {
      a.get('/api/test/fails', { config: { auth: 'anonymous' } }, async () => {
        throw new Error('the disk is on fire');
      });
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('request ids', () => {
  it('gives each request a UUID and answers it in X-Request-Id', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps the id a request came with, unless it is not a plain token', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');
    const odd = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<b>x</b>' } });
    expect(odd.headers['x-request-id']).toMatch(UUID);
  });

  it('names the same id in the answer, the 500 body and the log line; the log is JSON lines only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/fails', headers: { 'x-request-id': 'trace-500' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-500');
    expect(res.json().exceptionmessage).toContain('trace-500');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = records.find((r) => r.msg === 'unhandled error');
    expect(failure).toMatchObject({ reqId: 'trace-500', level: 50 });
    expect(records.filter((r) => r.reqId === 'trace-500').length).toBeGreaterThanOrEqual(2);
  });
});
