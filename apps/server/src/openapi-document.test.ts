import SwaggerParser from '@apidevtools/swagger-parser';
import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The API document of /api/docs/json (decision 0055) is what integrators generate clients from: it validates with
 * swagger-parser and Spectral's `spectral:oas` ruleset finds no error in it.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  security: Record<string, string[]>[];
};

let t: TestApp;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

beforeAll(async () => {
  // With external sign-in on, so that its routes are documented as they are served.
  t = await createTestApp({
    OIDC_ISSUER: 'http://127.0.0.1:9/',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'secret',
  });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('the API document', () => {
  it('validates with swagger-parser (every $ref resolves, every schema is OpenAPI 3.0)', async () => {
    const parsed = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((parsed as { openapi: string }).openapi).toBe('3.0.3');
  });

  it("has no error under Spectral's spectral:oas ruleset, and warns only of what decision 0055 accepts", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [oas] } as never);
    const results = await spectral.run(JSON.stringify(doc, null, 1));
    const said = (r: (typeof results)[number]) => `${r.code} ${r.path.join('.')}: ${r.message}`;
    expect(results.filter((r) => r.severity === 0).map(said)).toEqual([]);
    // Operations have summaries, not always a longer description; the spec's paths that end in a slash keep it.
    const accepted = ['operation-description', 'info-contact', 'path-keys-no-trailing-slash'];
    expect(results.filter((r) => !accepted.includes(String(r.code))).map(said)).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary and a tag that the tags list defines', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ops.length);
    const defined = new Set(doc.tags.map((tag) => tag.name));
    for (const { key, op } of ops) {
      expect(op.operationId, key).toMatch(/^(get|post|put|delete)[A-Za-z0-9]+$/);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags?.length, key).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(defined.has(tag), `${key}: ${tag}`).toBe(true);
    }
    expect(doc.paths['/api/inpost/gettree/{id}']?.get?.operationId).toBe('getInpostGettreeById');
  });

  it('says which calls need no token: anonymous routes have no security, the others the bearer token', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/token']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/account/external/callback']?.get?.security).toEqual([]);
    // A picture: public with its hash, else a token.
    expect(doc.paths['/api/inimage/getimg/{id}']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/api/incheckout/getcurrentcart']?.get?.security).toBeUndefined();
  });

  it('lists the refusals a route can answer: 401 without a token, 403 without the rank or role', () => {
    const cart = doc.paths['/api/incheckout/getcurrentcart']!.get!;
    expect(Object.keys(cart.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(cart.responses['403']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(Object.keys(doc.paths['/api/health']!.get!.responses)).not.toContain('401');
  });

  it('describes files as binary in their content types, and uploads as multipart/form-data', () => {
    const binary = { type: 'string', format: 'binary' };
    const file = doc.paths['/api/infile/getfile']!.get!.responses['200']!.content!;
    expect(file['application/pdf']?.schema).toEqual(binary);
    expect(file['text/csv']?.schema).toEqual(binary);
    const image = doc.paths['/api/inimage/getimg/{id}']!.get!.responses;
    expect(Object.keys(image['200']!.content!)).toEqual(['image/webp', 'image/jpeg', 'image/png']);
    expect(image['304']?.content).toBeUndefined();
    // Refusals stay JSON.
    expect(Object.keys(image['404']!.content!)).toEqual(['application/json']);
    for (const path of ['/api/inimage/upload', '/api/infile/upload', '/api/infile/putfile']) {
      const body = doc.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema;
      expect(body.properties, path).toEqual({
        file: expect.objectContaining({ type: 'array', items: binary }),
      });
    }
    const evidence = doc.paths['/api/inrefund/AddFilesToRefund']!.post!.requestBody!.content['multipart/form-data'];
    expect(Object.keys(evidence!.schema.properties as object)).toEqual(['lineid', 'file']);
  });

  it("describes the external sign-in callback's query as parameters", () => {
    const callback = doc.paths['/api/account/external/callback']!.get! as Operation & {
      parameters: { in: string; name: string; schema: unknown }[];
    };
    expect(callback.parameters.map((p) => `${p.in} ${p.name}`)).toEqual([
      'query code',
      'query state',
      'query iss',
      'query error',
      'query error_description',
    ]);
    for (const p of callback.parameters) expect(p.schema).toEqual({ type: 'string' });
  });
});
