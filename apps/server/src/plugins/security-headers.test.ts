import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { securityHeaderOptions, securityHeaders } from './security-headers.ts';

/** What helmet itself writes on a real Node response with the portal's options. */
function helmetOnARealResponse(options: Parameters<typeof helmet>[0]) {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(new IncomingMessage(new Socket()), res, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('the security headers, read once from helmet', () => {
  const options = securityHeaderOptions(loadConfig({ NODE_ENV: 'test' }));

  it('are what helmet writes on a response, header for header', () => {
    const expected = helmetOnARealResponse(options);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(securityHeaders(options)).toEqual(expected);
  });

  describe('on the app’s answers', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('every answer carries each of them: a call, a refusal, an unknown path', async () => {
      const expected = helmetOnARealResponse(options);
      for (const url of ['/api/health', '/api/account/getUser', '/api/no-such-call']) {
        const res = await t.app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected))
          expect([url, name, res.headers[name]]).toEqual([url, name, value]);
      }
    });
  });
});
