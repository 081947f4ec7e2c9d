import type { EndpointDef } from '@portal/contract/endpoint';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractEndpoints } from '../test/contract-endpoints.ts';
import { newMachineToken } from '../test/machine-token.ts';
import { testRows } from '../test/rows.ts';
import { bearer, createTestApp, form, type TestApp } from '../test/test-app.ts';
import { makeUser } from '../test/users.ts';

/**
 * Bad text never makes a 5xx (docs/decisions/0017-input-strings.md): a NUL character in any string of a
 * request, or an unpaired surrogate, is a 400 WARN_ValidationError before any route reads it. First the calls
 * that answered 500 to a NUL before, then every call the contract declares (issue 24) with random text.
 */
let t: TestApp;
let buyer = '';
let admin = '';
let machine = '';
/** The routes the app registers (method and path), to tell the declared calls it serves. */
const registered = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({}, undefined, (route) => {
    for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
  });
  buyer = (await makeUser(t, 'plateBuyer')).token;
  admin = (await makeUser(t, 'admin')).token;
  // A machine client of the integration API with both scopes, for its calls (decision 0057).
  machine = await newMachineToken(t, 'input guard', ['erp.feeds', 'erp.events']);
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

function expectRefused(res: LightMyRequestResponse, detail: RegExp = /NUL character/) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe('WARN_ValidationError');
  expect(res.json().messagedetail).toMatch(detail);
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const postJson = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('a NUL character in the calls that answered 500', () => {
  it('payment notification (anonymous form): refused, nothing logged', async () => {
    const before = await count('payment_notifications');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/redsys/notification',
      ...form({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJh\0IjoxfQ==', Ds_Signature: 'x' }),
    });
    expectRefused(res);
    expect(res.json().issues).toEqual([
      { path: 'body.Ds_MerchantParameters', message: 'NUL character (U+0000) not allowed' },
    ]);
    expect(await count('payment_notifications')).toBe(before);
  });

  it('payment return (anonymous query): refused, nothing logged', async () => {
    const before = await count('payment_notifications');
    const res = await get(
      '/api/payments/redsys/return/A1B2C3/ok?Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=eyJh%00&Ds_Signature=x',
    );
    expectRefused(res);
    expect(res.json().issues[0].path).toBe('querystring.Ds_MerchantParameters');
    expect(await count('payment_notifications')).toBe(before);
  });

  const grids = [
    ['/api/insales/getallheadersjqgrid', 'SALESID', () => buyer],
    ['/api/insalesweb/getallheadersjqgrid', 'CUSTOMERREF', () => buyer],
    ['/api/insalesweb/getallheadersforcontroljqgrid', 'CUSTOMERREF', () => admin],
    ['/api/ininvoice/getallheadersjqgrid', 'INVOICEID', () => buyer],
    ['/api/inpackingslip/getallheadersjqgrid', 'PACKINGSLIPID', () => buyer],
    ['/api/insettings/GetLogDocumentsJqGrid', 'UserName', () => admin],
  ] as const;

  it.each(grids)('%s: a NUL in a filters value (JSON escape) and in searchString', async (url, field, token) => {
    const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field, op: 'cn', data: 'A\u0000B' }] });
    const byFilters = await get(`${url}?_search=true&filters=${encodeURIComponent(filters)}`, token());
    expectRefused(byFilters);
    expect(byFilters.json().messagedetail).toBe('filters: rules.0.data NUL character (U+0000) not allowed');
    const bySearch = await get(`${url}?_search=true&searchField=${field}&searchOper=cn&searchString=A%00B`, token());
    expectRefused(bySearch);
    expect(bySearch.json().issues[0].path).toBe('querystring.searchString');
    // The same grids answer the same search without the NUL.
    const clean = await get(`${url}?_search=true&searchField=${field}&searchOper=cn&searchString=AB`, token());
    expect(clean.statusCode).toBe(200);
  });

  it('getbyplate: refused, no plate search logged', async () => {
    const before = await count('plate_search_logs');
    expectRefused(await postJson('/api/product/getbyplate', { country: 'ES', plateText: '1234\u0000BCD' }, buyer));
    expect(await count('plate_search_logs')).toBe(before);
  });

  it('addtocurrentcart: refused, the cart unchanged', async () => {
    const before = (await get('/api/incheckout/getcurrentcartlength', buyer)).json();
    const [article] = await testRows<{ id: number }>(t.database.db, sql`select id from articles order by id limit 1`);
    const res = await postJson(
      '/api/incheckout/addtocurrentcart',
      { id_articulo: article!.id, quantity: 1, stw_Proveedor: 'P\u0000' },
      buyer,
    );
    expectRefused(res);
    expect((await get('/api/incheckout/getcurrentcartlength', buyer)).json()).toBe(before);
  });

  it('setcurrentcartclient_vidriauto: refused', async () => {
    expectRefused(
      await postJson('/api/incheckout/setcurrentcartclient_vidriauto', { custAccount: 'C0\u00001' }, buyer),
    );
  });

  it('getdlvmodeslist: refused', async () => {
    expectRefused(await get('/api/incheckout/getdlvmodeslist?inventlocation=MAD%0001&isAddressWeb=false', buyer));
  });

  it('a path parameter and an unknown path: refused', async () => {
    expectRefused(await get('/api/insales/getlinesbysalesid/41%00', buyer));
    expectRefused(await get('/api/nowhere%00/at-all'));
  });

  it('a key of a JSON body: refused', async () => {
    const res = await postJson('/api/product/getbyplate', { country: 'ES', plateText: '1234BCD', 'a\u0000': 1 }, buyer);
    expectRefused(res, /key: NUL character/);
  });
});

describe('unpaired surrogates', () => {
  it('in a JSON body: refused like a NUL', async () => {
    const before = await count('plate_search_logs');
    const payload = '{"country":"ES","plateText":"1234\\ud800BCD"}';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/getbyplate',
      payload,
      headers: { ...bearer(buyer), 'content-type': 'application/json' },
    });
    expectRefused(res, /unpaired surrogate/);
    expect(await count('plate_search_logs')).toBe(before);
  });

  it('in a path (invalid UTF-8 once decoded): 400 with the spec error body', async () => {
    const res = await get('/api/insales/getlinesbysalesid/%ED%A0%80', buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'WARN_ValidationError' });
  });

  it('in a query or a form (invalid UTF-8): kept as the text sent, never a 5xx', async () => {
    const res = await get(
      '/api/insales/getallheadersjqgrid?_search=true&searchField=SALESID&searchString=%ED%A0%80',
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/payments/redsys/notification',
      payload: 'Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=%ED%A0%80&Ds_Signature=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notified.statusCode).toBe(400);
    expect(notified.json().message).toBe('WARN_PaymentRefused');
  });
});

type Schema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
/** What the random input of a call is made from: its declaration's schemas, as JSON Schema. */
type Operation = {
  params: Record<string, Schema>;
  query: Record<string, Schema>;
  /** The body's schema (a JSON body, a form, an upload's parts), or undefined when the call takes none. */
  body: Schema | undefined;
};
type Input = { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown; asForm: boolean };

const NUL = '\u0000';
const SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
/** Text of every kind, with NUL and unpaired surrogates among it, and what SQL and LIKE treat specially. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom(NUL, ...SURROGATES, '😀', 'é', "'", '"', '%', '_', '\\', ' ', '--', '41'),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

/** The JSON Schema of a declared schema, as the request sends it (the input, before transforms and defaults). */
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Schema;
/** The fields of an object's schema (of each alternative, for a union). */
const fieldsOf = (schema: Schema): Record<string, Schema> =>
  Object.assign({}, schema.properties, ...(schema.anyOf ?? schema.oneOf ?? []).map(fieldsOf));
/** A call's input schemas from its declaration: the params, query and body (or an upload's parts) it declares. */
const operationOf = (e: EndpointDef): Operation => ({
  params: e.params ? fieldsOf(jsonSchemaOf(e.params)) : {},
  query: e.query ? fieldsOf(jsonSchemaOf(e.query)) : {},
  body: e.body ? jsonSchemaOf(e.body) : e.multipart ? jsonSchemaOf(e.multipart) : undefined,
});

/** A value for a schema of a declaration; strings where it asks for text, and sometimes where it does not. */
function arbitraryFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema?.anyOf ?? schema?.oneOf;
  if (!schema || depth > 3) return text;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), text);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -1, max: 100_000 }), text);
    case 'boolean':
      return fc.oneof(fc.boolean(), text);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const fields = Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arbitraryFor(s, depth + 1)] as const);
      return fc.record(Object.fromEntries(fields), { requiredKeys: [] });
    }
    default:
      return text;
  }
}

/** Every string of a value changed by `change`. */
function mapStrings(value: unknown, change: (s: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, change));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}
/** The certain cases: every string made clean (no NUL, no unpaired surrogate), then given `insert`. */
const poisoned = <T>(value: T, insert: string) =>
  mapStrings(value, (s) => `A${insert}${Buffer.from(s.replaceAll(NUL, ''), 'utf8').toString('utf8')}`) as T;

/** Percent-encoding as an attacker sends it: an unpaired surrogate as its three (invalid UTF-8) bytes. */
function encode(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  let out = '';
  for (const ch of s) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}
/** A form or query's fields as pairs of text, as they are encoded: an array repeats its key, anything else is JSON. */
const pairs = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => [k, item] as const) : [[k, v] as const]))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const);
const encodeFields = (fields: Record<string, unknown>) =>
  pairs(fields)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(strings)
      : [];
/** Text with an unpaired surrogate: it does not survive a round trip through UTF-8. */
const hasSurrogate = (s: string) => Buffer.from(s, 'utf8').toString('utf8') !== s;
/**
 * The texts of a query or form as the server reads them: a value with invalid UTF-8 (an unpaired surrogate
 * encoded) is kept as the percent-encoded text that was sent, a NUL in it included.
 */
const decodedFields = (fields: Record<string, unknown>) =>
  pairs(fields)
    .flat()
    .filter((s) => !hasSurrogate(s));

/**
 * What a request must answer: never a 5xx; a NUL anywhere, or an unpaired surrogate in a JSON body, is refused
 * (400 WARN_ValidationError; /token answers in OAuth's format, `invalid_request`) unless the caller was turned
 * away first (401, 403, or 429 from a rate limit); an unpaired surrogate in the path is a URL that is not UTF-8,
 * refused before anything else.
 */
function check(call: string, input: Input, res: LightMyRequestResponse, signedIn: boolean, feed = false) {
  const said = `${call} ${JSON.stringify(input)}: ${res.statusCode} ${res.body}`;
  expect(res.statusCode, said).toBeLessThan(500);
  const pathTexts = Object.values(input.path).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const jsonBody = !input.asForm || typeof input.body !== 'object' || input.body === null;
  const bodyTexts = jsonBody ? strings(input.body) : decodedFields(input.body as Record<string, unknown>);
  const read = [...pathTexts, ...decodedFields(input.query), ...bodyTexts];
  if (pathTexts.some(hasSurrogate)) {
    expect(res.statusCode, said).toBe(400);
    expect(res.json().message, said).toBe('WARN_ValidationError');
  } else if (
    feed &&
    res.statusCode === 200 &&
    (bodyTexts.some((s) => s.includes(NUL)) || (jsonBody && bodyTexts.some(hasSurrogate))) &&
    ![...pathTexts, ...decodedFields(input.query)].some((s) => s.includes(NUL))
  ) {
    // A feed reads its rows one by one (decision 0060): a row with bad text is refused alone, with its reason.
    expect(res.json().refused, said).toBeGreaterThan(0);
  } else if (read.some((s) => s.includes(NUL)) || (jsonBody && bodyTexts.some(hasSurrogate))) {
    const turnedAway = signedIn ? [403, 429] : [401, 429];
    if (!turnedAway.includes(res.statusCode)) {
      expect(res.statusCode, said).toBe(400);
      if (call.startsWith('POST /token ')) expect(res.json().error, said).toBe('invalid_request');
      else expect(String(res.json().messagedetail), said).toMatch(/NUL character|unpaired surrogate/);
    }
  }
}

const CALLERS = [
  ['anonymous', () => undefined],
  ['buyer', () => buyer],
  ['admin', () => admin],
  ['machine', () => machine],
] as const;

/** An upper bound for a hang, not a wait: the call below walks every call of the API, and the API grows. */
const WHOLE_API_TIMEOUT_MS = 240_000;

describe('every call the contract declares, with random text', () => {
  /**
   * No call is left out: every endpoint of the contract the app registers (external sign-in's are registered only
   * when it is configured, which it is not here). None can end the test's sessions with random input (logout and
   * force-logout need a real refresh token or user id), and what the random calls change (a cart, a queued ERP
   * import) is theirs.
   */
  const operations = async () =>
    (await contractEndpoints())
      .filter((e) => registered.has(`${e.method} ${e.path}`))
      .map((e) => ({ path: e.path, method: e.method, op: operationOf(e) }));
  /** The calls of the OpenAPI document, in the declarations' form (`/api/x/:id`). */
  const documented = () =>
    Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );

  function send(route: { path: string; method: string }, input: Input, token: string | undefined) {
    const url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encode(input.path[name]));
    const query = encodeFields(input.query);
    const headers: Record<string, string> = token ? bearer(token) : {};
    if (input.body === undefined)
      return t.app.inject({ method: route.method as 'GET', url: query ? `${url}?${query}` : url, headers });
    // A form carries fields: a body that is not an object goes as JSON.
    const asForm = input.asForm && typeof input.body === 'object' && input.body !== null;
    const payload = asForm ? encodeFields(input.body as Record<string, unknown>) : JSON.stringify(input.body);
    headers['content-type'] = asForm ? 'application/x-www-form-urlencoded' : 'application/json';
    return t.app.inject({ method: route.method as 'POST', url: query ? `${url}?${query}` : url, headers, payload });
  }

  function inputOf(op: Operation): fc.Arbitrary<Input> {
    const fields = (schemas: Record<string, Schema>) =>
      Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, arbitraryFor(schema)] as const));
    return fc.record({
      path: fc.record(fields(op.params)),
      query: fc.record(fields(op.query), { requiredKeys: [] }),
      body: op.body ? arbitraryFor(op.body) : fc.constant(undefined),
      asForm: fc.boolean(),
    });
  }

  it(
    'answers no 5xx, and refuses a NUL or an unpaired surrogate with 400 WARN_ValidationError',
    async () => {
      const routes = await operations();
      expect(routes.length).toBeGreaterThan(80);
      // The declarations cover every call the OpenAPI document describes: no call is exercised less than before.
      const exercised = new Set(routes.map((r) => `${r.method} ${r.path}`));
      expect(documented().filter((key) => !exercised.has(key))).toEqual([]);
      const refusedFor = new Map<string, number>();
      for (const [i, route] of routes.entries()) {
        const key = `${route.method} ${route.path}`;
        const inputs = inputOf(route.op);
        // The certain cases: a NUL in every string and in a parameter nobody reads; an unpaired surrogate in every
        // string of a JSON body, or of the path when the call has no body (a query cannot carry one: see above).
        const [sample] = fc.sample(inputs, { seed: 7 + i, numRuns: 1 }) as [Input];
        const nulled = poisoned(sample, NUL);
        const nul: Input = { ...nulled, query: { ...nulled.query, x: NUL } };
        const clean = poisoned(sample, '');
        const lone: Input = route.op.body
          ? { ...clean, body: poisoned(sample.body, SURROGATES[0]!), asForm: false }
          : { ...clean, path: poisoned(sample.path, SURROGATES[0]!) };
        // The integration API's calls are a machine client's; a person's token is turned away there (401), as a
        // machine's is everywhere else.
        const integration = route.path.startsWith('/api/integration/v1/');
        const feed = route.path.startsWith('/api/integration/v1/feeds/');
        for (const [c, [who, token]] of CALLERS.entries()) {
          const call = `${key} as ${who}`;
          const signedIn = who !== 'anonymous' && (who === 'machine') === integration;
          const nulRes = await send(route, nul, token());
          check(call, nul, nulRes, signedIn, feed);
          if (nulRes.statusCode === 400 && /NUL character|invalid_request/.test(nulRes.body))
            refusedFor.set(key, (refusedFor.get(key) ?? 0) + 1);
          check(call, lone, await send(route, lone, token()), signedIn, feed);
          await fc.assert(
            fc.asyncProperty(inputs, async (input) =>
              check(call, input, await send(route, input, token()), signedIn, feed),
            ),
            { seed: 1000 * i + c, numRuns: 3 },
          );
        }
      }
      // Each call refused the NUL with a 400 for at least one of the four callers: the guard was reached everywhere.
      expect(routes.map((r) => `${r.method} ${r.path}`).filter((k) => !refusedFor.has(k))).toEqual([]);
    },
    WHOLE_API_TIMEOUT_MS,
  );
});
