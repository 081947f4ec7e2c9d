import { endpoint, INTEGRATION_CALLS_PER_MINUTE } from '@portal/contract/endpoint';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { sha256 } from '../account/token.service.ts';
import { integrationClientsRepository } from './integration-clients.repository.ts';
import { newClientSecrets } from './secrets.ts';

/** Two calls of the integration API's shape, one per scope, declared as the contract declares every call. */
const feedsCall = endpoint({
  method: 'POST',
  path: '/api/integration/v1/test-feeds',
  access: { scope: 'erp.feeds' },
  summary: 'test',
  tags: ['integration'],
  response: z.object({ client: z.string() }),
});
const eventsCall = endpoint({ ...feedsCall, path: '/api/integration/v1/test-events', access: { scope: 'erp.events' } });

let t: TestApp;
let base: string;
let feeds: { id: string; clientId: string; secret: string };
let events: { id: string; clientId: string; secret: string };
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    for (const e of [feedsCall, eventsCall])
      endpointRoute(app, e, (request) => {
        request.integrationRows = 3;
        return { client: request.machine!.clientId };
      });
  });
  const repo = integrationClientsRepository(t.database.db);
  feeds = await repo.create({ name: 'ERP feeds', scopes: ['erp.feeds'], createdBy: null }, newClientSecrets(sha256));
  events = await repo.create(
    { name: 'ERP both', scopes: ['erp.feeds', 'erp.events'], createdBy: null },
    newClientSecrets(sha256),
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** The token endpoint as an OAuth 2 client library sees it (openid-client; the project did not write it). */
function oauthClient(id: string, secret: string, auth: 'basic' | 'post') {
  const config = new oidc.Configuration(
    { issuer: base, token_endpoint: `${base}/token` },
    id,
    secret,
    auth === 'basic' ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret),
  );
  oidc.allowInsecureRequests(config);
  return config;
}
const call = (path: string, token: string) => t.app.inject({ method: 'POST', url: path, headers: bearer(token) });

describe('OAuth 2 client credentials (POST /token)', () => {
  it('gives a machine client a short-lived bearer token, its secret sent in the Basic header or the form', async () => {
    for (const auth of ['basic', 'post'] as const) {
      const token = await oidc.clientCredentialsGrant(oauthClient(feeds.clientId, feeds.secret, auth));
      expect(token.token_type).toBe('bearer');
      expect(token.expires_in).toBeGreaterThan(0);
      expect(token.scope).toBe('erp.feeds');
      expect(token.refresh_token).toBeUndefined();
      const res = await call(feedsCall.path, token.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ client: feeds.clientId });
    }
  });

  it('refuses a wrong secret, an unknown client and a scope the client does not hold, as RFC 6749 says', async () => {
    const wrong = oidc.clientCredentialsGrant(oauthClient(feeds.clientId, `${feeds.secret}x`, 'basic'));
    // 401 with the scheme to use, since the client tried the Basic header (RFC 6749 §5.2).
    await expect(wrong).rejects.toMatchObject({ status: 401, cause: [{ scheme: 'basic' }] });
    const unknown = oidc.clientCredentialsGrant(oauthClient('ic_nobody', feeds.secret, 'post'));
    await expect(unknown).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
    const scope = oidc.clientCredentialsGrant(oauthClient(feeds.clientId, feeds.secret, 'basic'), {
      scope: 'erp.events',
    });
    await expect(scope).rejects.toMatchObject({ error: 'invalid_scope', status: 400 });
  });

  it('a token reaches only the integration calls of its scopes; a person’s token never reaches them', async () => {
    const both = await oidc.clientCredentialsGrant(oauthClient(events.clientId, events.secret, 'basic'));
    expect(both.scope).toBe('erp.feeds erp.events');
    expect((await call(eventsCall.path, both.access_token)).statusCode).toBe(200);
    const narrowed = await oidc.clientCredentialsGrant(oauthClient(events.clientId, events.secret, 'basic'), {
      scope: 'erp.feeds',
    });
    expect((await call(eventsCall.path, narrowed.access_token)).statusCode).toBe(403);
    // A machine token is no person's.
    const asPerson = await t.app.inject({
      method: 'GET',
      url: '/api/account/getUser',
      headers: bearer(both.access_token),
    });
    expect(asPerson.statusCode).toBe(401);
    // An admin's token is no machine's.
    const admin = (await makeUser(t, 'admin')).token;
    expect((await call(feedsCall.path, admin)).statusCode).toBe(401);
    expect((await call(feedsCall.path, 'garbage')).statusCode).toBe(401);
  });

  it('logs every call of a client (call, rows, status) and notes its last use', async () => {
    const token = (await oidc.clientCredentialsGrant(oauthClient(events.clientId, events.secret, 'post'))).access_token;
    const [{ last } = { last: 0 }] = await testRows<{ last: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::int as last from integration_calls`,
    );
    await call(eventsCall.path, token);
    await t.app.inject({ method: 'POST', url: '/api/integration/v1/TEST-EVENTS', headers: bearer(token) });
    const logged = await testRows<{ path: string; status: number; rows: number }>(
      t.database.db,
      sql`select path, status::int as status, rows from integration_calls
           where client_id = ${events.id}::uuid and id > ${last} order by id`,
    );
    expect(logged).toEqual([
      { path: eventsCall.path, status: 200, rows: 3 },
      { path: eventsCall.path, status: 200, rows: 3 },
    ]);
    const [client] = await testRows<{ used: boolean }>(
      t.database.db,
      sql`select last_used_at is not null as used from integration_clients where id = ${events.id}::uuid`,
    );
    expect(client!.used).toBe(true);
  });

  it('limits each client to its calls a minute, whatever address it calls from', async () => {
    const token = (await oidc.clientCredentialsGrant(oauthClient(events.clientId, events.secret, 'post'))).access_token;
    // The window is counted in the database: start this client's count near the limit.
    const key = `machine:${events.id}`;
    await t.database.db.execute(
      sql`insert into rate_limits (key, hits, window_ends)
          select k, ${INTEGRATION_CALLS_PER_MINUTE - 1}, now() + interval '1 minute'
            from (values (${`POST ${eventsCall.path}|${key}`})) as v(k)
          on conflict (key) do update set hits = excluded.hits, window_ends = excluded.window_ends`,
    );
    const last = await t.app.inject({
      method: 'POST',
      url: eventsCall.path,
      headers: bearer(token),
      remoteAddress: '10.1.1.1',
    });
    expect(last.statusCode).toBe(200);
    const over = await t.app.inject({
      method: 'POST',
      url: eventsCall.path,
      headers: bearer(token),
      remoteAddress: '10.1.1.2',
    });
    expect(over.statusCode).toBe(429);
  });

  it('a revoked or rotated client’s tokens stop at once', async () => {
    const token = (await oidc.clientCredentialsGrant(oauthClient(feeds.clientId, feeds.secret, 'post'))).access_token;
    await t.database.db.execute(
      sql`update integration_clients set secret_version = secret_version + 1 where id = ${feeds.id}::uuid`,
    );
    expect((await call(feedsCall.path, token)).statusCode).toBe(401);
    const again = (await oidc.clientCredentialsGrant(oauthClient(feeds.clientId, feeds.secret, 'post'))).access_token;
    expect((await call(feedsCall.path, again)).statusCode).toBe(200);
    await t.database.db.execute(sql`update integration_clients set revoked_at = now() where id = ${feeds.id}::uuid`);
    expect((await call(feedsCall.path, again)).statusCode).toBe(401);
    const refused = oidc.clientCredentialsGrant(oauthClient(feeds.clientId, feeds.secret, 'post'));
    await expect(refused).rejects.toMatchObject({ error: 'invalid_client' });
  });
});
