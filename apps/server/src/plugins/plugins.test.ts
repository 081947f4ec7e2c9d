import { WEB_CONTEXT_META } from '@portal/contract/common';
import { RANK, ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { testRows } from '../test/rows.ts';
import { bearer, createTestApp, freshDatabase, type TestApp } from '../test/test-app.ts';
import { makeUser } from '../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/admin-only', { config: { auth: { rank: RANK.admin } } }, async () => ({ ok: true }));
    app.get('/api/test/client-admin', { config: { auth: { rank: RANK.clientAdmin } } }, async () => ({ ok: true }));
    app.get('/api/test/plate', { config: { auth: { role: ROLES.searchplate } } }, async () => ({ ok: true }));
    app.get('/api/test/int4', { config: { auth: 'anonymous' } }, async (request) => {
      const { n } = request.query as { n: string };
      return testRows(t.database.db, sql`select ${n}::int4 as n`);
    });
    app.get('/api/test/boom', { config: { auth: 'anonymous' } }, async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
    });
  });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('authorization rules', () => {
  it('answers 401 to anonymous callers and 403 to a rank too low', async () => {
    expect((await get('/api/test/admin-only')).statusCode).toBe(401);
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    const clientadmin = (await makeUser(t, 'clientadmin')).token;
    const admin = (await makeUser(t, 'admin')).token;
    const denied = await get('/api/test/admin-only', buyer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'WARN_Forbidden' });
    expect((await get('/api/test/admin-only', clientadmin)).statusCode).toBe(403);
    expect((await get('/api/test/admin-only', admin)).statusCode).toBe(200);
    expect((await get('/api/test/client-admin', buyer)).statusCode).toBe(403);
    expect((await get('/api/test/client-admin', clientadmin)).statusCode).toBe(200);
    expect((await get('/api/test/client-admin', admin)).statusCode).toBe(200);
  });

  it('checks roles', async () => {
    expect((await get('/api/test/plate', (await makeUser(t, 'plateBuyer')).token)).statusCode).toBe(200);
    expect((await get('/api/test/plate', (await makeUser(t, 'buyer', { client: 'C00002' })).token)).statusCode).toBe(
      403,
    );
  });

  it('routing is case-insensitive', async () => {
    const admin = (await makeUser(t, 'admin')).token;
    expect((await get('/api/TEST/Admin-Only', admin)).statusCode).toBe(200);
    expect((await get('/API/COMMON/LANGUAGES')).statusCode).toBe(200);
  });

  it('answers an API path written with percent-encoded letters as the router reads it: no-store, 404 as JSON', async () => {
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    const plain = await get('/api/account/getUser', buyer);
    const encoded = await get('/%61pi/account/getUser', buyer);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toEqual(plain.json());
    expect(encoded.headers['cache-control']).toBe('no-store');
    const unknown = await get('/%61pi/does/not/exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.json().message).toBe('WARN_NotFound');
  });

  it('refuses to start when an API route declares no rule', async () => {
    const { database, drop } = await freshDatabase();
    await migrate(database);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    await expect(
      buildApp({
        config,
        database,
        logger: false,
        extend: (app) => {
          app.get('/api/test/undeclared', async () => ({}));
        },
      }),
    ).rejects.toThrow(/declares no auth rule/);
    await drop();
  });
});

describe('errors', () => {
  it('a 500 shows neither the stack nor SQL, only a reference', async () => {
    const res = await get('/api/test/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).toBe('WARN_InternalError');
    expect(body.exceptionmessage).toMatch(/Referencia: /);
    expect(res.body).not.toMatch(/secret_table|\/srv\/app\.ts|at /);
  });

  it('an unknown API path answers 404 with the spec error body', async () => {
    const res = await get('/api/does/not/exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'WARN_NotFound', messagedetail: 'GET /api/does/not/exist' });
  });

  it('a number past its column’s range is a 400 with the usual key, not a 500', async () => {
    expect((await get('/api/test/int4?n=2147483647')).statusCode).toBe(200);
    const res = await get('/api/test/int4?n=2147483648');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_ValidationError');
  });

  it('cart and tree calls refuse an id or version of 2^31 before the database sees it', async () => {
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/incheckout/editItemCart',
      headers: bearer(buyer),
      payload: { id: 2 ** 31, quantity: 1 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('WARN_ValidationError');
    const admin = (await makeUser(t, 'admin')).token;
    const tree = await t.app.inject({
      method: 'POST',
      url: '/api/incategory/organizecategories',
      headers: bearer(admin),
      payload: { version: 2 ** 31, tree: [] },
    });
    expect(tree.statusCode).toBe(400);
    expect(tree.json().message).toBe('WARN_ValidationError');
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_ValidationError');
  });

  it('sends the security headers, with a strict CSP', async () => {
    const res = await get('/api/common/languages');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health and OpenAPI', () => {
  it('GET /api/health answers ok with the database kind', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('the OpenAPI document lists the calls', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/token',
      '/api/account/register',
      '/api/account/getUser',
      '/api/common/langs/{lang}',
      '/api/innavmenu/getnavmenu',
      '/api/incheckout/getcurrentcart',
      '/api/incheckout/preparecheckout',
      '/api/incheckout/finishcheckout',
      '/api/incheckout/receipt/{tarjetaId}/{cartId}',
      '/api/payments/redsys/notification',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('GET /api/health answers 503 when the database does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('down');
    await other.close();
  });
});

describe('serving the web app', () => {
  it('serves index.html at /, for client routes, and files as they are, even after a rebuild', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      const root = await web.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>portal</title>');
      const route = await web.app.inject({ method: 'GET', url: '/sales/41AB123' });
      expect(route.statusCode).toBe(200);
      expect(route.headers['cache-control']).toBe('no-cache');
      expect(route.body).toContain('<title>portal</title>');
      // A file written after start (a rebuild) is served, immutable.
      fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // API paths never fall back to the page.
      expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
      // robots.txt is a real one that keeps the private portal out of search engines, never the page.
      const robots = await web.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("sends a file's precompressed form that the browser accepts, Brotli first, and says the answer varies by it", async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    const js = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    const file = path.join(dist, 'assets', 'app-1.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      const get = (accept: string) =>
        web.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': accept } });
      const decoded = {
        br: (b: Buffer) => zlib.brotliDecompressSync(b).toString(),
        gzip: (b: Buffer) => zlib.gunzipSync(b).toString(),
      };
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await get(accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers.vary).toBe('accept-encoding');
        // The file written beside it, as it is: not compressed again.
        expect(res.rawPayload).toEqual(fs.readFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`));
        expect(decoded[encoding](res.rawPayload)).toBe(js);
      }
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(js);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('writes in the page the web context of the host it was asked at, as GET /api/common/webcontext answers it', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>portal</title></head></html>');
    const web = await createTestApp({ WEB_DIST: dist, WEB_CONTEXT_HOSTS: 'pecas.example=1,glass.example=2' });
    const contextIn = (html: string) => {
      const meta = new RegExp(`<meta name="${WEB_CONTEXT_META}" content="([^"]*)"></head>`).exec(html);
      expect(meta, html).not.toBeNull();
      return JSON.parse(
        meta![1]!
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&'),
      );
    };
    try {
      for (const [host, url] of [
        ['localhost', '/'],
        ['pecas.example', '/login'],
        ['glass.example', '/sales/41AB123'],
      ]) {
        const page = await web.app.inject({ method: 'GET', url, headers: { host } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers.vary).toBe('Host');
        const asked = await web.app.inject({ method: 'GET', url: '/api/common/webcontext', headers: { host } });
        expect(contextIn(page.body)).toEqual(asked.json());
      }
      // The three hosts are three contexts: the page follows the host, not a default.
      const contexts = await Promise.all(
        ['localhost', 'pecas.example', 'glass.example'].map(
          async (host) =>
            contextIn((await web.app.inject({ method: 'GET', url: '/', headers: { host } })).body).webcontext,
        ),
      );
      expect(new Set(contexts).size).toBe(3);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
