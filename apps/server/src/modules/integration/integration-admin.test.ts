import { endpoint, pathOf } from '@portal/contract/endpoint';
import { integrationAdmin as api, type IntegrationClient } from '@portal/contract/integration';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, callAs, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

// The admins' API of integration clients (issue 23; decision 0058): secrets shown once, rotation and revocation
// that end tokens at once, recent calls, webhook endpoints.

let t: TestApp;
let base: string;
let admin: string;
let adminName: string;
let clientadmin: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({}, (app) => endpointRoute(app, probe, (request) => ({ client: request.machine!.clientId })));
  ({ token: admin, username: adminName } = await makeUser(t, 'admin'));
  clientadmin = (await makeUser(t, 'clientadmin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
type Credentials = { id: string; clientId: string; clientSecret: string };

/** The token endpoint as an OAuth 2 client library sees it (openid-client), as machine-auth.test.ts does. */
function grant(clientId: string, secret: string) {
  const config = new oidc.Configuration(
    { issuer: base, token_endpoint: `${base}/token` },
    clientId,
    secret,
    oidc.ClientSecretBasic(secret),
  );
  oidc.allowInsecureRequests(config);
  return oidc.clientCredentialsGrant(config);
}
/** A call of the integration API's shape, to try a machine token on (as machine-auth.test.ts does). */
const probe = endpoint({
  method: 'GET',
  path: '/api/integration/v1/test-admin-probe',
  access: { scope: 'erp.feeds' },
  summary: 'test',
  tags: ['integration'],
  response: z.object({ client: z.string() }),
});
/** The status a machine token gets from an integration call: 200 while it is valid, 401 once ended. */
const tokenWorks = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: probe.path, headers: bearer(token) })).statusCode;

async function create(name: string, scopes: string[] = ['erp.feeds']): Promise<Credentials> {
  const res = await callAs(t.app, admin, { method: 'POST', url: api.createClient.path, payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function list(): Promise<IntegrationClient[]> {
  const res = await callAs(t.app, admin, { method: 'GET', url: api.listClients.path });
  expect(res.statusCode).toBe(200);
  return res.json().clients;
}
const count = async (table: 'integration_clients' | 'integration_webhook_endpoints') =>
  (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('who may call', () => {
  it('every call is for admins only: 401 anonymous, 403 a client admin or a buyer, nothing written', async () => {
    const target = await create('Guarded');
    const before = { clients: await count('integration_clients'), hooks: await count('integration_webhook_endpoints') };
    const p = { id: target.id, webhookId: 1 };
    const calls = [
      { method: 'GET', url: api.listClients.path },
      { method: 'POST', url: api.createClient.path, payload: { name: 'X', scopes: ['erp.feeds'] } },
      { method: 'POST', url: pathOf(api.rotateSecret, p) },
      { method: 'POST', url: pathOf(api.revokeClient, p) },
      { method: 'GET', url: pathOf(api.listCalls, p) },
      { method: 'GET', url: pathOf(api.listWebhooks, p) },
      { method: 'POST', url: pathOf(api.addWebhook, p), payload: { url: 'https://erp.example/hooks' } },
      { method: 'DELETE', url: pathOf(api.removeWebhook, p) },
    ] as const;
    for (const c of calls) {
      expect((await callAs(t.app, null, c)).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await callAs(t.app, clientadmin, c)).statusCode, `${c.method} ${c.url}`).toBe(403);
      expect((await callAs(t.app, buyer, c)).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    expect(await count('integration_clients')).toBe(before.clients);
    expect(await count('integration_webhook_endpoints')).toBe(before.hooks);
    expect((await list()).find((c) => c.id === target.id)).toMatchObject({ revokedAt: null, rotatedAt: null });
  });

  it('a machine token does not reach the admins’ calls', async () => {
    const made = await create('Machine knocking');
    const token = (await grant(made.clientId, made.clientSecret)).access_token;
    expect((await callAs(t.app, token, { method: 'GET', url: api.listClients.path })).statusCode).toBe(401);
  });
});

describe('create', () => {
  it('answers a secret once that works at POST /token; the list never shows the secret or its digest', async () => {
    const made = await create('ERP Dynamics', ['erp.feeds', 'erp.events']);
    expect(made.clientId).toMatch(/^ic_/);
    expect(made.clientSecret).toMatch(/^ics_.{40,}$/);
    const token = await grant(made.clientId, made.clientSecret);
    expect(token.scope).toBe('erp.feeds erp.events');
    expect(token.token_type).toBe('bearer');

    const res = await callAs(t.app, admin, { method: 'GET', url: api.listClients.path });
    const [{ digest }] = (await testRows<{ digest: string }>(
      t.database.db,
      sql`select secret_hash as digest from integration_clients where id = ${made.id}::uuid`,
    )) as [{ digest: string }];
    expect(res.body).not.toContain(made.clientSecret);
    expect(res.body).not.toContain(digest);
    expect(res.body).not.toMatch(/secret/i);
    const row = (res.json().clients as IntegrationClient[]).find((c) => c.id === made.id);
    expect(row).toMatchObject({
      name: 'ERP Dynamics',
      clientId: made.clientId,
      scopes: ['erp.feeds', 'erp.events'],
      rotatedAt: null,
      revokedAt: null,
      calls24h: 0,
      webhooks: 0,
    });
    // The token was issued: that is a use.
    expect(row!.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [creator] = await testRows<{ by: string }>(
      t.database.db,
      sql`select u.username as by from integration_clients c join users u on u.id = c.created_by
           where c.id = ${made.id}::uuid`,
    );
    expect(creator!.by).toBe(adminName);
  });

  it('refuses a missing or long name and missing, unknown or repeated scopes (400 with the key), writing nothing', async () => {
    const before = await count('integration_clients');
    for (const [payload, key] of [
      [{ name: '  ', scopes: ['erp.feeds'] }, 'WARN_IntegrationNameRequired'],
      [{ name: 'x'.repeat(81), scopes: ['erp.feeds'] }, 'WARN_IntegrationNameTooLong'],
      [{ name: 'ERP', scopes: [] }, 'WARN_IntegrationScopesRequired'],
      [{ name: 'ERP' }, 'WARN_IntegrationScopesRequired'],
      [{ name: 'ERP', scopes: ['erp.feeds', 'erp.feeds'] }, 'WARN_IntegrationScopesRequired'],
      [{ name: 'ERP', scopes: ['admin'] }, 'WARN_ValidationError'],
    ] as const) {
      const res = await callAs(t.app, admin, { method: 'POST', url: api.createClient.path, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(key);
    }
    expect(await count('integration_clients')).toBe(before);
  });
});

describe('rotate and revoke', () => {
  it('rotating gives a new secret once; the old secret and its tokens stop at once, the new one works', async () => {
    const made = await create('Rotated');
    const old = (await grant(made.clientId, made.clientSecret)).access_token;
    expect(await tokenWorks(old)).toBe(200);
    const res = await callAs(t.app, admin, { method: 'POST', url: pathOf(api.rotateSecret, { id: made.id }) });
    expect(res.statusCode).toBe(200);
    const rotated: Credentials = res.json();
    expect(rotated.clientId).toBe(made.clientId);
    expect(rotated.clientSecret).not.toBe(made.clientSecret);
    expect(await tokenWorks(old)).toBe(401);
    await expect(grant(made.clientId, made.clientSecret)).rejects.toMatchObject({ status: 401 });
    const fresh = (await grant(made.clientId, rotated.clientSecret)).access_token;
    expect(await tokenWorks(fresh)).toBe(200);
    expect((await list()).find((c) => c.id === made.id)!.rotatedAt).toMatch(/^\d{4}-/);
  });

  it('revoking ends the secret and the tokens for good; a revoked client is not rotated or revoked again', async () => {
    const made = await create('Revoked');
    const token = (await grant(made.clientId, made.clientSecret)).access_token;
    expect(await tokenWorks(token)).toBe(200);
    const revoke = () => callAs(t.app, admin, { method: 'POST', url: pathOf(api.revokeClient, { id: made.id }) });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'MSG_IntegrationRevoked' });
    expect(await tokenWorks(token)).toBe(401);
    await expect(grant(made.clientId, made.clientSecret)).rejects.toMatchObject({ status: 401 });
    expect((await list()).find((c) => c.id === made.id)!.revokedAt).toMatch(/^\d{4}-/);

    const again = await revoke();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('WARN_IntegrationClientRevoked');
    const rotate = await callAs(t.app, admin, { method: 'POST', url: pathOf(api.rotateSecret, { id: made.id }) });
    expect(rotate.statusCode).toBe(409);
    await expect(grant(made.clientId, made.clientSecret)).rejects.toMatchObject({ status: 401 });
  });

  it('an unknown client is 404, an id that is no UUID 400', async () => {
    for (const e of [api.rotateSecret, api.revokeClient]) {
      expect((await callAs(t.app, admin, { method: 'POST', url: pathOf(e, { id: ANY_ID }) })).statusCode).toBe(404);
      expect((await callAs(t.app, admin, { method: 'POST', url: pathOf(e, { id: '12' }) })).statusCode).toBe(400);
    }
    expect((await callAs(t.app, admin, { method: 'GET', url: pathOf(api.listCalls, { id: ANY_ID }) })).statusCode).toBe(
      404,
    );
  });
});

describe('recent calls', () => {
  it('lists a client’s calls newest first, a page at a time, and counts those of the last 24 hours', async () => {
    const made = await create('Busy');
    const other = await create('Quiet');
    const now = t.clock.now();
    // 25 calls a minute apart, and one two days old; one call of another client.
    await t.database.db.execute(sql`
      insert into integration_calls (client_id, at, method, path, status, rows, duration_ms)
      select ${made.id}::uuid, ${now}::timestamptz - (i || ' minutes')::interval, 'POST',
             '/api/integration/v1/feeds/stock', 200, i * 10, 5
        from generate_series(1, 25) i
      union all select ${made.id}::uuid, ${now}::timestamptz - interval '2 days', 'GET', '/api/integration/v1/old', 500,
             null, 7
      union all select ${other.id}::uuid, ${now}, 'GET', '/api/integration/v1/other', 200, null, 1`);
    const page = (n: number) =>
      callAs(t.app, admin, { method: 'GET', url: `${pathOf(api.listCalls, { id: made.id })}?page=${n}&rows=20` });
    const first = (await page(1)).json();
    expect(first).toMatchObject({ page: 1, total: 2, records: 26 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ method: 'POST', path: '/api/integration/v1/feeds/stock', rows: 10 });
    const second = (await page(2)).json();
    expect(second.rows.map((r: { rows: number | null }) => r.rows)).toEqual([210, 220, 230, 240, 250, null]);
    expect(second.rows.at(-1)).toMatchObject({ status: 500, path: '/api/integration/v1/old', durationMs: 7 });
    const ats = [...first.rows, ...second.rows].map((r: { at: string }) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
    const listed = await list();
    expect(listed.find((c) => c.id === made.id)!.calls24h).toBe(25);
    expect(listed.find((c) => c.id === other.id)!.calls24h).toBe(1);
    const bad = await callAs(t.app, admin, { method: 'GET', url: `${pathOf(api.listCalls, { id: made.id })}?rows=7` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('webhook endpoints', () => {
  const add = (id: string, url: unknown) =>
    callAs(t.app, admin, { method: 'POST', url: pathOf(api.addWebhook, { id }), payload: { url } });
  const hooks = async (id: string) =>
    (await callAs(t.app, admin, { method: 'GET', url: pathOf(api.listWebhooks, { id }) })).json();

  it('adds https endpoints (and http on this machine outside production), lists and removes them', async () => {
    const made = await create('Events');
    const one = await add(made.id, ' https://erp.example/portal/events ');
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ url: 'https://erp.example/portal/events', disabledAt: null });
    expect((await add(made.id, 'http://127.0.0.1:4010/hooks')).statusCode).toBe(201);
    expect((await add(made.id, 'http://localhost:4010/hooks')).statusCode).toBe(201);
    const listed = await hooks(made.id);
    expect(listed.allowPlainHttpLoopback).toBe(true);
    expect(listed.webhooks.map((w: { url: string }) => w.url)).toEqual([
      'https://erp.example/portal/events',
      'http://127.0.0.1:4010/hooks',
      'http://localhost:4010/hooks',
    ]);
    expect((await list()).find((c) => c.id === made.id)!.webhooks).toBe(3);

    const [{ id: webhookId }] = listed.webhooks as [{ id: number }];
    const remove = (id: string) =>
      callAs(t.app, admin, { method: 'DELETE', url: pathOf(api.removeWebhook, { id, webhookId }) });
    // Another client's endpoint is not this client's: 404, nothing removed.
    const other = await create('Other');
    expect((await remove(other.id)).statusCode).toBe(404);
    const removed = await remove(made.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'MSG_IntegrationWebhookRemoved' });
    expect((await hooks(made.id)).webhooks).toHaveLength(2);
    expect((await remove(made.id)).statusCode).toBe(404);
  });

  it('refuses what is not an https URL, a repeated one and one past the limit, writing nothing', async () => {
    const made = await create('Strict');
    expect((await add(made.id, 'https://erp.example/a')).statusCode).toBe(201);
    const before = await count('integration_webhook_endpoints');
    for (const [url, status, key] of [
      ['', 400, 'WARN_IntegrationUrlRequired'],
      ['erp.example/hooks', 400, 'WARN_IntegrationUrlInvalid'],
      ['ftp://erp.example/hooks', 400, 'WARN_IntegrationUrlInvalid'],
      ['javascript:alert(1)', 400, 'WARN_IntegrationUrlInvalid'],
      ['https://user:pass@erp.example/hooks', 400, 'WARN_IntegrationUrlInvalid'],
      [`https://erp.example/${'a'.repeat(2000)}`, 400, 'WARN_IntegrationUrlInvalid'],
      ['http://erp.example/hooks', 400, 'WARN_IntegrationUrlHttpsOnly'],
      ['http://10.0.0.5/hooks', 400, 'WARN_IntegrationUrlHttpsOnly'],
      ['https://erp.example/a', 409, 'WARN_IntegrationUrlExists'],
    ] as const) {
      const res = await add(made.id, url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toBe(key);
    }
    expect((await add(made.id, 42)).statusCode).toBe(400);
    expect(await count('integration_webhook_endpoints')).toBe(before);
    for (let i = 2; i <= 10; i++) expect((await add(made.id, `https://erp.example/${i}`)).statusCode).toBe(201);
    const full = await add(made.id, 'https://erp.example/11');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('WARN_IntegrationTooManyWebhooks');
    expect((await hooks(made.id)).webhooks).toHaveLength(10);
  });

  it('a revoked client gets no new endpoint; an unknown one is 404; revoked clients keep theirs listed', async () => {
    const made = await create('Gone');
    expect((await add(made.id, 'https://erp.example/gone')).statusCode).toBe(201);
    await callAs(t.app, admin, { method: 'POST', url: pathOf(api.revokeClient, { id: made.id }) });
    const refused = await add(made.id, 'https://erp.example/more');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('WARN_IntegrationClientRevoked');
    expect((await hooks(made.id)).webhooks).toHaveLength(1);
    expect((await add(ANY_ID, 'https://erp.example/x')).statusCode).toBe(404);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      DATABASE_URL: 'postgres://portal@db.example:5432/portal',
      REDSYS_MERCHANT_KEY: Buffer.from('portal-test-merchant-key').toString('base64'),
    });
  });
  afterAll(() => prod.close());

  it('takes https endpoints only, not even http on this machine', async () => {
    const token = (await makeUser(prod, 'admin')).token;
    const made = await callAs(prod.app, token, {
      method: 'POST',
      url: api.createClient.path,
      payload: { name: 'ERP', scopes: ['erp.events'] },
    });
    const { id } = made.json() as Credentials;
    const add = (url: string) =>
      callAs(prod.app, token, { method: 'POST', url: pathOf(api.addWebhook, { id }), payload: { url } });
    const local = await add('http://127.0.0.1:4010/hooks');
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toBe('WARN_IntegrationUrlHttpsOnly');
    expect((await add('https://erp.example/hooks')).statusCode).toBe(201);
    const listed = await callAs(prod.app, token, { method: 'GET', url: pathOf(api.listWebhooks, { id }) });
    expect(listed.json().allowPlainHttpLoopback).toBe(false);
  });
});
