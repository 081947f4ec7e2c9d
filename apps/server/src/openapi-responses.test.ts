import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesInStore } from './test/checkout-support.ts';
import { multipart, pngFixture } from './test/images-fixtures.ts';
import { testRows } from './test/rows.ts';
import { bearer, createTestApp, form, type TestApp } from './test/test-app.ts';
import { makeUser } from './test/users.ts';

/**
 * Real calls (anonymous, a customer, staff; answers and refusals) replayed against the API document of /api/docs/json
 * (decision 0055): each answer's status must be listed for its operation, its content type documented for that
 * status, and its body valid against the documented schema, as openapi-response-validator (Ajv, OpenAPI 3.0
 * schemas) judges it.
 */

type Response = { description: string; content?: Record<string, { schema: unknown }> };
type Operation = { operationId: string; responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

let t: TestApp;
let doc: Document;
let buyer: string;
let admin: string;
let routes: { template: string; pattern: RegExp }[];

beforeAll(async () => {
  t = await createTestApp({ STORAGE: 'database' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  buyer = (await makeUser(t, 'plateBuyer')).token;
  admin = (await makeUser(t, 'admin')).token;
  routes = Object.keys(doc.paths).map((template) => ({
    template,
    // Routing is case-insensitive and ignores a trailing slash.
    pattern: new RegExp(`^${template.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
  }));
});
afterAll(() => t.close());

/** The operation of the document that a request reaches. */
function operationOf(method: string, url: string) {
  const path = url.split('?', 1)[0]!;
  const matches = routes.filter((r) => r.pattern.test(path));
  // A literal path wins over a template (as the router does): the one with the fewest parameters.
  const route = matches.sort((a, b) => a.template.split('{').length - b.template.split('{').length)[0];
  return route ? { template: route.template, operation: doc.paths[route.template]?.[method.toLowerCase()] } : null;
}

/** Validators compiled once per operation and content type (Ajv compiles every documented answer's schema). */
const validators = new Map<string, OpenAPIResponseValidator>();

function validatorOf(method: string, template: string, operation: Operation, type: string) {
  const key = `${method} ${template} ${type}`;
  let validator = validators.get(key);
  if (!validator) {
    // Each documented answer reduced to the content type that was sent, so the validator reads that schema.
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, r]) => [
        status,
        r.content?.[type] ? { ...r, content: { [type]: r.content[type] } } : r,
      ]),
    );
    validator = new OpenAPIResponseValidator({ responses: responses as never, components: doc.components as never });
    validators.set(key, validator);
  }
  return validator;
}

/** What is wrong with an answer, per the document (empty when it matches). */
function mismatches(method: string, url: string, res: LightMyRequestResponse): string[] {
  const found = operationOf(method, url);
  if (!found?.operation) return [`${method} ${url}: no operation in the document`];
  const { template, operation } = found;
  const where = `${method} ${template} ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim();
  const documented = operation.responses[String(res.statusCode)];
  const hasBody = res.rawPayload.length > 0;
  if (documented && hasBody && !documented.content?.[type])
    return [`${where}: content type ${type} not documented (${Object.keys(documented.content ?? {}).join(', ')})`];
  if (documented && !hasBody && documented.content && res.statusCode !== 200)
    return [`${where}: documented with a body, answered none`];
  const validator = validatorOf(method, template, operation, type);
  const body = !hasBody ? undefined : type.includes('json') ? res.json() : res.body;
  const error = validator.validateResponse(res.statusCode, body);
  return error ? [`${where}: ${error.message} ${JSON.stringify(error.errors).slice(0, 600)}`] : [];
}

type Caller = 'anonymous' | 'customer' | 'staff';
type Replayed = {
  as: Caller;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  status: number;
  payload?: unknown;
  headers?: Record<string, string>;
};

async function replay(calls: Replayed[]) {
  const problems: string[] = [];
  const statuses: string[] = [];
  for (const c of calls) {
    const token = c.as === 'customer' ? buyer : c.as === 'staff' ? admin : null;
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: { ...(token ? bearer(token) : {}), ...c.headers },
      ...(c.payload === undefined ? {} : { payload: c.payload as string }),
    });
    statuses.push(`${c.as} ${c.method} ${c.url} ${res.statusCode}`);
    problems.push(...mismatches(c.method, c.url, res));
  }
  // The calls answered what they were meant to, so the document was checked against those answers.
  expect(statuses).toEqual(calls.map((c) => `${c.as} ${c.method} ${c.url} ${c.status}`));
  return problems;
}

describe('answers match the API document', () => {
  it('tells a wrong answer apart (the check itself)', () => {
    const png = { statusCode: 200, headers: { 'content-type': 'image/png' }, rawPayload: Buffer.from('x'), body: 'x' };
    const json = (statusCode: number, body: unknown) => ({
      statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      rawPayload: Buffer.from(JSON.stringify(body)),
      body: JSON.stringify(body),
      json: () => body,
    });
    const as = (r: object) => r as unknown as LightMyRequestResponse;
    expect(mismatches('GET', '/api/health', as(json(200, { status: 'ok', db: 'pglite' })))).toEqual([]);
    expect(mismatches('GET', '/api/health', as(json(200, { status: 'fine' }))).join()).toMatch(/not valid/);
    expect(mismatches('GET', '/api/health', as(json(418, { message: 'x' }))).join()).toMatch(/unknown status/);
    expect(mismatches('GET', '/api/health', as(png)).join()).toMatch(/image\/png not documented/);
    expect(mismatches('GET', '/api/nowhere', as(png)).join()).toMatch(/no operation/);
  });

  it('for anonymous callers: sign-in, health, pictures, and the refusals', async () => {
    const calls: Replayed[] = [
      {
        as: 'anonymous',
        method: 'POST',
        url: '/token',
        status: 200,
        ...form({ grant_type: 'password', username: 'buyer', password: 'demo1234' }),
      },
      {
        as: 'anonymous',
        method: 'POST',
        url: '/token',
        status: 400,
        ...form({ grant_type: 'password', username: 'buyer', password: 'wrong' }),
      },
      { as: 'anonymous', method: 'GET', url: '/api/health', status: 200 },
      { as: 'anonymous', method: 'GET', url: '/api/product/image/1/1', status: 200 },
      { as: 'anonymous', method: 'GET', url: '/api/product/image/1/10', status: 400 },
      { as: 'anonymous', method: 'GET', url: '/api/incheckout/getcurrentcart', status: 401 },
      { as: 'anonymous', method: 'GET', url: '/api/inpost/gettree/0', status: 401 },
      { as: 'anonymous', method: 'GET', url: '/api/infile/getfile?fullPath=x.csv', status: 401 },
      { as: 'anonymous', method: 'GET', url: '/api/inimage/getimg/1', status: 401 },
      { as: 'anonymous', method: 'POST', url: '/api/inimage/upload', status: 401 },
    ];
    expect(await replay(calls)).toEqual([]);
  });

  it('for a customer: the trees, the cart, pictures and files, and the refusals', async () => {
    const [article] = await articlesInStore(t, 'MAD01', 1);
    const calls: Replayed[] = [
      { as: 'customer', method: 'GET', url: '/api/incategory/getcategoriestreeview', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/incategory/gettree/0', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/inpost/gettree/0', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/innavmenu/getnavmenu', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/inmenu/getzonemenus', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/inpost/dashboard', status: 200 },
      {
        as: 'customer',
        method: 'POST',
        url: '/api/incheckout/addtocurrentcart',
        status: 200,
        payload: { id_articulo: article!.id, quantity: 1 },
      },
      {
        as: 'customer',
        method: 'POST',
        url: '/api/incheckout/addtocurrentcart',
        status: 400,
        payload: { id_articulo: article!.id, quantity: 2 ** 31 },
      },
      { as: 'customer', method: 'GET', url: '/api/incheckout/getcurrentcart', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/incheckout/getcurrentcartlength', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/infile/getfile?fullPath=no-existe.csv', status: 404 },
      { as: 'customer', method: 'GET', url: '/api/inimage/getimg/999999', status: 404 },
      { as: 'customer', method: 'GET', url: '/api/incategory/getcategory?id=1', status: 403 },
      { as: 'customer', method: 'GET', url: '/api/inuser/GetUserLogsExcel', status: 403 },
      { as: 'customer', method: 'POST', url: '/api/inimage/upload', status: 403 },
    ];
    expect(await replay(calls)).toEqual([]);
  });

  it('for staff: uploads and the downloads of what was uploaded, exports, trees, and the cart refused', async () => {
    const png = await pngFixture(40, 30);
    const image = multipart([{ name: 'logo.png', content: png, type: 'image/png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/inimage/upload',
      headers: { ...bearer(admin), ...image.headers },
      payload: image.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    expect(mismatches('POST', '/api/inimage/upload', uploaded)).toEqual([]);
    const { id, hash } = uploaded.json()[0] as { id: number; hash: string };
    const file = multipart([{ name: 'tarifa.csv', content: Buffer.from('ref;precio\nA1;10\n'), type: 'text/csv' }]);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/infile/upload',
      headers: { ...bearer(admin), ...file.headers },
      payload: file.payload,
    });
    expect(stored.statusCode).toBe(200);
    expect(mismatches('POST', '/api/infile/upload', stored)).toEqual([]);

    const calls: Replayed[] = [
      { as: 'staff', method: 'GET', url: `/api/inimage/getimg/${id}?slot=1`, status: 200 },
      { as: 'customer', method: 'GET', url: `/api/inimage/getimg/${id}`, status: 200 },
      { as: 'anonymous', method: 'GET', url: `/api/inimage/getimg/${id}?slot=3&v=${hash}`, status: 200 },
      { as: 'anonymous', method: 'GET', url: `/api/images/thumbnail/${id}`, status: 200 },
      { as: 'customer', method: 'GET', url: '/api/infile/getfile?fullPath=tarifa.csv', status: 200 },
      { as: 'customer', method: 'GET', url: '/api/infile/getfile?fullPath=tarifa.csv&binary=false', status: 200 },
      { as: 'staff', method: 'GET', url: '/api/inuser/GetUserLogsExcel', status: 200 },
      { as: 'staff', method: 'GET', url: '/api/inuser/GetUserLogsExcel?lang=xx', status: 400 },
      { as: 'staff', method: 'GET', url: '/api/inmenu/getmenustreeview', status: 200 },
      { as: 'staff', method: 'POST', url: '/api/incategory/organizecategories/', status: 400, payload: { tree: [] } },
      { as: 'staff', method: 'GET', url: '/api/incheckout/getcurrentcart', status: 403 },
      {
        as: 'staff',
        method: 'POST',
        url: '/api/incheckout/addtocurrentcart',
        status: 403,
        payload: { id_articulo: 1, quantity: 1 },
      },
      { as: 'staff', method: 'GET', url: '/api/infile/getfile?fullPath=..%2Fsecreto', status: 400 },
    ];
    expect(await replay(calls)).toEqual([]);
  });

  it('for documents: a download URL, its file once, then 410; the statistics workbook', async () => {
    const [slip] = await testRows<{ id: string }>(
      t.database.db,
      sql`select packing_slip_id as id from erp_packing_slips where client_accountnum = 'C00001' limit 1`,
    );
    const check = `/api/download/CheckReport/${slip!.id}?tipoformato=pdf&tipoinforme=albaran&lang=es`;
    const link = await t.app.inject({ method: 'GET', url: check, headers: bearer(buyer) });
    expect(link.statusCode).toBe(200);
    expect(mismatches('GET', check, link)).toEqual([]);
    const url = new URL(link.json().url, 'http://x').pathname + new URL(link.json().url, 'http://x').search;
    const calls: Replayed[] = [
      { as: 'anonymous', method: 'GET', url, status: 200 },
      { as: 'anonymous', method: 'GET', url, status: 410 },
      { as: 'anonymous', method: 'GET', url: '/api/download/file?token=not-a-token-at-all-really', status: 404 },
      {
        as: 'staff',
        method: 'GET',
        url: '/api/instats/export?kind=family&dateIni=2016-05-01&dateEnd=2016-05-31&lang=es',
        status: 200,
      },
      { as: 'customer', method: 'GET', url: '/api/incheckout/receipt/1/1', status: 404 },
    ];
    expect(await replay(calls)).toEqual([]);
  });
});

describe('every GET of the document without path parameters, called bare by each caller', () => {
  it('answers as documented (successes, 400 for a missing parameter, 401, 403)', async () => {
    const problems: string[] = [];
    let called = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (!methods.get || template.includes('{')) continue;
      for (const token of [null, buyer, admin]) {
        const res = await t.app.inject({ method: 'GET', url: template, headers: token ? bearer(token) : {} });
        called++;
        if (res.statusCode >= 500) problems.push(`GET ${template} ${res.statusCode}`);
        else problems.push(...mismatches('GET', template, res));
      }
    }
    expect(called).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 240_000); // an upper bound for a hang, not a wait: every GET of the growing API, for each caller
});
