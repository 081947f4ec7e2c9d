import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from './plugins/errors.ts';
import { contractEndpoints } from './test/contract-endpoints.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Every call of the API is declared once, in the contract (issue 24; decision 0062): each route the app registers
 * under /api/ (and /token) has the method and path of a contract endpoint (`endpointRoute` registers it from the
 * declaration). A route written by hand fails here, named. Only what is not a call of the API is kept out, each for its reason.
 */
const NOT_CALLS: Record<string, string> = {
  // Its routes (the JSON, the page, its scripts and settings) are @fastify/swagger-ui's, and vary with its version.
  '/api/docs': 'the API document and the page that shows it',
};
const keptOut = (key: string, prefix: string) => {
  const url = key.slice(key.indexOf(' ') + 1);
  return url === prefix || url.startsWith(`${prefix}/`);
};

/** The method and path of every endpoint the contract declares. */
const contractKeys = async () => new Set((await contractEndpoints()).map((e) => `${e.method} ${e.path}`));

const PROBE = '/api/probe/undeclared';

let t: TestApp;
const registered: string[] = [];
beforeAll(async () => {
  // With external sign-in on, so that its routes are registered too.
  t = await createTestApp(
    { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' },
    // One route written by hand, so that the check is seen to catch it.
    (app) => {
      app.get(PROBE, { config: { auth: 'anonymous' } }, () => 'not declared');
    },
    (route: RouteOptions) => {
      if (!isApiPath(route.url)) return;
      // Fastify adds a HEAD to every GET by itself.
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    },
  );
});
afterAll(() => t.close());

describe('the routes of the API', () => {
  it('are each a contract endpoint’s, but for the API document (the probe written by hand is caught)', async () => {
    const declared = await contractKeys();
    expect(declared.size).toBeGreaterThan(200);
    expect(registered.length).toBeGreaterThan(200);
    const undeclared = registered.filter(
      (key) => !declared.has(key) && !Object.keys(NOT_CALLS).some((prefix) => keptOut(key, prefix)),
    );
    expect(undeclared).toEqual([`GET ${PROBE}`]);
  });

  it('keep out only routes the app registers', () => {
    // The list of exceptions names no route that is gone.
    expect(Object.keys(NOT_CALLS).filter((prefix) => !registered.some((key) => keptOut(key, prefix)))).toEqual([]);
  });
});
