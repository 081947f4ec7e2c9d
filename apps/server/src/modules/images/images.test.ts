import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { jpegFixture, multipart, pngFixture, streamingUpload } from '../../test/images-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

const MB = 1024 * 1024;
type Img = {
  id: number;
  name: string;
  hash: string;
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  mime: string;
};

describe.each(['directory', 'database'] as const)('images on the %s storage', (storageKind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-test-'));
    t = await createTestApp({
      DATA_DIR: dataDir,
      STORAGE: storageKind,
      UPLOAD_MAX_FILE_MB: '2',
      UPLOAD_MAX_FILES: '3',
    });
    admin = bearer((await makeUser(t, 'admin')).token);
    buyer = bearer((await makeUser(t, 'plateBuyer')).token);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every stored file of the images area (uploads in progress included). */
  async function storedFiles(): Promise<number> {
    if (storageKind === 'database') {
      const [row] = await testRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from storage_objects where not is_folder`,
      );
      return Number(row?.n);
    }
    const root = path.join(dataDir, 'storage');
    if (!fs.existsSync(root)) return 0;
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.includes(`${path.sep}.meta`)).length;
  }
  const count = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/inimage/getimagescount/', headers: buyer })).json() as number;
  const upload = (body: ReturnType<typeof multipart>, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/inimage/upload', ...body, headers: { ...body.headers, ...headers } });

  it('refuses anonymous callers, except for hashed image URLs and the avatar', async () => {
    for (const url of ['/api/inimage/getimages/', '/api/inimage/getimagescount/', '/api/inimage/getimg/1?slot=1'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const body = multipart([{ name: 'a.png', content: await pngFixture() }]);
    expect((await upload(body, {})).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/inimage/putimg/1', payload: { name: 'x' } });
    expect(put.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/inimage/deleteimg/1' })).statusCode).toBe(401);
  });

  it('lets customers read but not upload, rename or delete', async () => {
    const before = await count();
    const body = multipart([{ name: 'a.png', content: await pngFixture() }]);
    expect((await upload(body, buyer)).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/inimage/putimg/1',
      payload: { name: 'x' },
      headers: buyer,
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/inimage/deleteimg/1', headers: buyer });
    expect(del.statusCode).toBe(403);
    expect(await count()).toBe(before);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/inimage/getimages/?id=1&pindex=0&psize=15',
      headers: buyer,
    });
    expect(list.statusCode).toBe(200);
  });

  describe('an upload of two images', () => {
    let uploaded: Img[];
    let before: number;
    beforeAll(async () => {
      before = await count();
      const res = await upload(
        multipart([
          { name: 'Foto del taller.JPG', content: await jpegFixture(640, 480, 6), type: 'image/jpeg' },
          { name: 'C:\\fakepath\\logo azul.png', content: await pngFixture(300, 200), type: 'image/png' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      uploaded = res.json();
    });

    it('answers the uploaded images, named after their files, upright', () => {
      expect(uploaded.map((i) => [i.name, i.mime, i.width, i.height])).toEqual([
        ['Foto del taller', 'image/jpeg', 480, 640],
        ['logo azul', 'image/png', 300, 200],
      ]);
      expect(uploaded[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(uploaded[0]!.thumbnail_url).toBe(`/api/inimage/getimg/${uploaded[0]!.id}?slot=1&v=${uploaded[0]!.hash}`);
    });

    it('puts them first in the gallery and counts them', async () => {
      expect(await count()).toBe(before + 2);
      const page = (
        await t.app.inject({ method: 'GET', url: '/api/inimage/getimages/?psize=15', headers: buyer })
      ).json() as Img[];
      expect(page.slice(0, 2).map((i) => i.id)).toEqual([uploaded[1]!.id, uploaded[0]!.id]);
    });

    it('serves each slot at its size, WebP for 1-3, the whole image upright and without metadata for 4', async () => {
      const id = uploaded[0]!.id;
      const sizes: [number, string, number, number][] = [
        [1, 'image/webp', 320, 240],
        [2, 'image/webp', 480, 640],
        [3, 'image/webp', 1600, 480],
        [4, 'image/jpeg', 480, 640],
      ];
      for (const [slot, type, width, height] of sizes) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/inimage/getimg/${id}?slot=${slot}`,
          headers: buyer,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([width, height]);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
      const whole = await t.app.inject({ method: 'GET', url: `/api/inimage/getimg/${id}`, headers: buyer });
      expect(whole.headers['content-type']).toBe('image/jpeg');
    });

    it('serves a hashed URL to anyone, cached for good, and answers 304 to its ETag', async () => {
      const img = uploaded[1]!;
      const res = await t.app.inject({ method: 'GET', url: img.thumbnail_url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const etag = res.headers.etag as string;
      expect(etag).toContain(img.hash.slice(0, 40));
      const again = await t.app.inject({ method: 'GET', url: img.thumbnail_url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const other = await t.app.inject({ method: 'GET', url: img.url, headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(200);
      // A wrong hash is no capability: anonymous is refused; signed in, it is served but not as immutable.
      const stale = `/api/inimage/getimg/${img.id}?slot=1&v=${'0'.repeat(64)}`;
      expect((await t.app.inject({ method: 'GET', url: stale })).statusCode).toBe(401);
      const signed = await t.app.inject({ method: 'GET', url: stale, headers: buyer });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    });

    it('serves the avatar thumbnail without a token, on the spec’s path and the shell’s', async () => {
      for (const url of [`/api/images/thumbnail/${uploaded[0]!.id}`, `/api/inimage/thumbnail/${uploaded[0]!.id}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/images/thumbnail/999999' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/images/thumbnail/abc' })).statusCode).toBe(400);
    });

    it('renames and describes an image; refuses a bad name with the contract’s key and changes nothing', async () => {
      const id = uploaded[1]!.id;
      const put = (payload: unknown) =>
        t.app.inject({ method: 'PUT', url: `/api/inimage/putimg/${id}`, payload: payload as object, headers: admin });
      const ok = await put({ name: '  Logo nuevo  ', description: 'Para las noticias' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id, name: 'Logo nuevo', description: 'Para las noticias' });
      for (const [payload, key] of [
        [{ name: '   ' }, 'WARN_ImageNameRequired'],
        [{ name: 'x'.repeat(121) }, 'WARN_ImageNameTooLong'],
        [{ name: 'a\u0001b' }, 'WARN_ImageTextNotAllowed'],
        [{ name: 'ok', description: 'd'.repeat(501) }, 'WARN_ImageDescriptionTooLong'],
        [{}, 'WARN_ValidationError'],
      ] as const) {
        const res = await put(payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(key);
      }
      const page = (
        await t.app.inject({ method: 'GET', url: '/api/inimage/getimages/', headers: buyer })
      ).json() as Img[];
      expect(page.find((i) => i.id === id)).toMatchObject({ name: 'Logo nuevo', description: 'Para las noticias' });
      const missing = await t.app.inject({
        method: 'PUT',
        url: '/api/inimage/putimg/999999',
        payload: { name: 'x' },
        headers: admin,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/inimage/putimg/abc',
        payload: { name: 'x' },
        headers: admin,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('deletes an image and its files', async () => {
      const id = uploaded[0]!.id;
      const files = await storedFiles();
      // Served first, so that the slot's place is remembered: the delete must forget it.
      expect((await t.app.inject({ method: 'GET', url: uploaded[0]!.url })).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/inimage/deleteimg/${id}`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, message: 'WARN_DeleteOK' });
      expect(await storedFiles()).toBe(files - 4);
      expect((await t.app.inject({ method: 'GET', url: uploaded[0]!.url })).statusCode).toBe(404);
      expect(await count()).toBe(before + 1);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/inimage/deleteimg/${id}`, headers: admin });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('refused uploads leave nothing', () => {
    const refused = async (body: ReturnType<typeof multipart>, status: number, key: string) => {
      const before = await count();
      const files = await storedFiles();
      const res = await upload(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(key);
      expect(await count()).toBe(before);
      expect(await storedFiles()).toBe(files);
    };
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 1)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    );

    it('an executable renamed .jpg', async () => {
      await refused(multipart([{ name: 'foto.jpg', content: exe, type: 'image/jpeg' }]), 415, 'WARN_FileTypeRefused');
    });
    it('an SVG with script, as .svg and as .png', async () => {
      await refused(
        multipart([{ name: 'logo.svg', content: svg, type: 'image/svg+xml' }]),
        415,
        'WARN_FileTypeRefused',
      );
      await refused(multipart([{ name: 'logo.png', content: svg, type: 'image/png' }]), 415, 'WARN_FileTypeRefused');
    });
    it('a PDF or a text file (not images)', async () => {
      await refused(
        multipart([{ name: 'a.pdf', content: Buffer.from('%PDF-1.7\n%...') }]),
        415,
        'WARN_FileTypeRefused',
      );
      await refused(multipart([{ name: 'a.txt', content: Buffer.from('hola') }]), 415, 'WARN_FileTypeRefused');
    });
    it('a file that starts like a JPEG but is not one', async () => {
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x42)]);
      await refused(multipart([{ name: 'roto.jpg', content: fake }]), 415, 'WARN_ImageUnreadable');
    });
    it('a good image together with a refused one: neither is kept', async () => {
      await refused(
        multipart([
          { name: 'bueno.png', content: await pngFixture() },
          { name: 'malo.jpg', content: exe },
        ]),
        415,
        'WARN_FileTypeRefused',
      );
    });
    it('more files than UPLOAD_MAX_FILES', async () => {
      const png = await pngFixture(40, 40);
      await refused(multipart([1, 2, 3, 4].map((n) => ({ name: `${n}.png`, content: png }))), 413, 'WARN_TooManyFiles');
    });
    it('no file at all', async () => {
      await refused(multipart([], { note: 'nada' }), 400, 'WARN_ImageNoFiles');
    });
    it('a file over UPLOAD_MAX_FILE_MB, cut while it streams', async () => {
      const before = await count();
      const files = await storedFiles();
      const upload = streamingUpload('enorme.jpg', 3 * MB);
      // Over a real socket; the client sends 3 MB and then stalls, the request never ends.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await new Promise<{ statusCode: number; json: () => { message: string } }>((resolve, reject) => {
        const req = http.request(
          `${address}/api/inimage/upload`,
          { method: 'POST', headers: { ...upload.headers, ...admin } },
          (response) => {
            const pulledAtAnswer = upload.state.pulled;
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () => {
              upload.state.pulled = pulledAtAnswer;
              upload.stream.destroy();
              req.destroy();
              const body = Buffer.concat(chunks).toString();
              resolve({ statusCode: response.statusCode ?? 0, json: () => JSON.parse(body) });
            });
          },
        );
        req.on('error', reject);
        upload.stream.pipe(req);
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('WARN_FileTooLarge');
      // Answered while the body was still open: the limit (2 MB) was enforced on the way, not at the end.
      expect(upload.state.pulled).toBeLessThanOrEqual(3 * MB + 64 * 1024);
      expect(await count()).toBe(before);
      expect(await storedFiles()).toBe(files);
    });
  });

  describe('paging', () => {
    let total: number;
    beforeAll(async () => {
      // 40 more rows (their files are not needed to page).
      await t.database.db.execute(
        sql`insert into images (name, content_hash, mime, width, height, size)
            select 'Relleno ' || n, repeat('a', 64), 'image/webp', 10, 10, 100 from generate_series(1, 40) n`,
      );
      total = await count();
    });
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/inimage/getimages/?${query}`, headers: buyer });
      return { status: res.statusCode, body: res.json() };
    };

    it('pages newest first without overlap: 15 by default, 30 and 45 allowed', async () => {
      const first = await page('id=1&pindex=0&psize=15');
      const second = await page('id=1&pindex=1&psize=15');
      expect(first.body).toHaveLength(15);
      const ids = [...first.body, ...second.body].map((i: Img) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect((await page('')).body.map((i: Img) => i.id)).toEqual(first.body.map((i: Img) => i.id));
      expect((await page('psize=30')).body).toHaveLength(30);
      expect((await page('psize=45')).body).toHaveLength(Math.min(45, total));
    });

    it('answers the last partial page and an empty page past the end', async () => {
      const last = Math.floor((total - 1) / 15);
      expect((await page(`pindex=${last}&psize=15`)).body).toHaveLength(total - last * 15);
      expect((await page(`pindex=${last + 1}&psize=15`)).body).toEqual([]);
      expect((await page('id=2')).body).toEqual([]);
    });

    it('refuses page sizes other than 15, 30, 45 and negative pages', async () => {
      for (const q of ['psize=10', 'psize=0', 'psize=100', 'pindex=-1', 'pindex=x'])
        expect((await page(q)).status, q).toBe(400);
    });
  });
});

describe('upload limits configuration', () => {
  it('defaults to the directory storage under DATA_DIR, 20 MB per file and 20 files per request', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.storage).toEqual({
      kind: 'directory',
      dir: '/srv/portal/storage',
      maxFileBytes: 20 * MB,
      maxFiles: 20,
    });
    expect(loadConfig({ STORAGE: 'database' }).storage.kind).toBe('database');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ UPLOAD_MAX_FILES: '0' })).toThrow(/UPLOAD_MAX_FILES/);
  });
});

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it('lists every gallery call with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/inimage/getimages/',
      '/api/inimage/getimagescount/',
      '/api/inimage/upload',
      '/api/inimage/putimg/{id}',
      '/api/inimage/deleteimg/{id}',
      '/api/inimage/getimg/{id}',
      '/api/images/thumbnail/{id}',
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
    expect(doc.paths['/api/inimage/getimages/'].get.parameters.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['id', 'pindex', 'psize']),
    );
  });
});
