import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { seedLibrary } from '../../db/seed/library.ts';
import { createStorage } from '../../db/storage/create-storage.ts';
import { type Storage, scopedStorage } from '../../lib/storage/storage.ts';
import { multipart, streamingUpload } from '../../test/images-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

const MB = 1024 * 1024;
type Page = {
  id: string;
  total: number;
  items: { name: string; fullPath: string; isFolder: boolean; children: unknown[] | null; icon: string }[];
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const CSV = Buffer.from('ref;cantidad\nA1;3\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(200, 0x90),
  Buffer.from('This program cannot be run in DOS mode'),
]);
/** 6,000 rows of a price list: well past the 4 KB a file is first recognised by. */
const LONG_CSV = Buffer.from(`ref;cantidad\n${Array.from({ length: 6000 }, (_, i) => `A${i};${i % 7}`).join('\n')}\n`);
const LONG_CSV_WITH_MARKUP = Buffer.concat([LONG_CSV, Buffer.from('X1;"<script>alert(1)</script>"\n')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Every form of a path that leaves the library or is unsafe. */
const ESCAPES = [
  '..',
  '../images',
  'Tarifas/../../images',
  '..\\images',
  'Tarifas\\..\\..\\images',
  '%2e%2e/images',
  '%2E%2E%2Fimages',
  '..%2fimages',
  '%252e%252e/images',
  '/etc/passwd',
  '\\etc\\passwd',
  '//server/share',
  '\\\\server\\share',
  'C:\\Windows\\win.ini',
  'Tarifas/./x.csv',
  '.partial/x',
];

describe.each(['directory', 'database'] as const)('the file library on the %s storage', (storageKind) => {
  let t: TestApp;
  let dataDir: string;
  let library: Storage;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
    const env = { DATA_DIR: dataDir, STORAGE: storageKind, UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_FILES: '3' };
    t = await createTestApp(env);
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent-web', ...env });
    library = scopedStorage(await createStorage(config.storage, t.database), 'library');
    await seedLibrary(t.database.db, library);
    admin = bearer((await makeUser(t, 'admin')).token);
    buyer = bearer((await makeUser(t, 'plateBuyer')).token);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = buyer) => t.app.inject({ method: 'GET', url, headers });
  const list = async (id: string, headers = buyer) =>
    (await get(`/api/infile/getfiles/?id=${encodeURIComponent(id)}`, headers)).json() as Page;
  const names = async (id: string) => (await list(id, admin)).items.map((i) => i.name);
  const upload = (folder: string, body: ReturnType<typeof multipart>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/infile/upload?fullPath=${encodeURIComponent(folder)}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  const putFile = (fullPath: string, body: ReturnType<typeof multipart>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/infile/putfile?fullPath=${encodeURIComponent(fullPath)}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  const createFolder = (payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/infile/createemptydirectory', headers, payload });
  const del = (call: 'deletefile' | 'deletefolder', query: string, headers = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/infile/${call}?${query}`, headers });
  const content = async (p: string) => {
    const got = await library.get(p);
    if (!got) return null;
    const parts: Buffer[] = [];
    for await (const c of got.stream) parts.push(c as Buffer);
    return Buffer.concat(parts);
  };

  describe('authorization', () => {
    const calls = [
      { method: 'GET', url: '/api/infile/getfiles/' },
      { method: 'GET', url: '/api/infile/getfile?fullPath=L%C3%A9ame.txt' },
      { method: 'POST', url: '/api/infile/upload' },
      { method: 'POST', url: '/api/infile/putfile?fullPath=x.csv' },
      { method: 'POST', url: '/api/infile/createemptydirectory' },
      { method: 'DELETE', url: '/api/infile/deletefile?fullPath=L%C3%A9ame.txt' },
      { method: 'DELETE', url: '/api/infile/deletefolder?fullPath=Tarifas' },
    ] as const;

    it('answers 401 to an anonymous caller on every call', async () => {
      for (const c of calls) expect((await t.app.inject({ method: c.method, url: c.url })).statusCode, c.url).toBe(401);
    });

    it('lets a customer list and download but refuses every write (403), and nothing changes', async () => {
      expect((await get('/api/infile/getfiles/')).statusCode).toBe(200);
      expect((await get('/api/infile/getfile?fullPath=L%C3%A9ame.txt')).statusCode).toBe(200);
      const before = await names('');
      expect((await upload('', multipart([{ name: 'nuevo.csv', content: CSV }]), buyer)).statusCode).toBe(403);
      expect((await putFile('nuevo.csv', multipart([{ name: 'nuevo.csv', content: CSV }]), buyer)).statusCode).toBe(
        403,
      );
      expect((await createFolder({ name: 'Nueva' }, buyer)).statusCode).toBe(403);
      expect((await del('deletefile', 'fullPath=L%C3%A9ame.txt', buyer)).statusCode).toBe(403);
      expect((await del('deletefolder', 'fullPath=Tarifas&force=true', buyer)).statusCode).toBe(403);
      expect(await names('')).toEqual(before);
      expect(await names('Tarifas')).toContain('Tarifa 2026.xlsx');
    });
  });

  it('is listed in the OpenAPI document with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = {
      '/api/infile/getfiles/': 'get',
      '/api/infile/getfile': 'get',
      '/api/infile/upload': 'post',
      '/api/infile/putfile': 'post',
      '/api/infile/createemptydirectory': 'post',
      '/api/infile/deletefile': 'delete',
      '/api/infile/deletefolder': 'delete',
    };
    for (const [path, method] of Object.entries(calls)) expect(doc.paths[path]?.[method], path).toBeDefined();
    const listed = doc.paths['/api/infile/getfiles/'].get;
    expect(listed.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'pindex', 'psize']);
    expect(Object.keys(listed.responses['200'].content['application/json'].schema.properties)).toEqual([
      'id',
      'pindex',
      'psize',
      'total',
      'items',
    ]);
  });

  it('seeds the demo tree once: what an administrator deletes stays deleted', async () => {
    expect(await seedLibrary(t.database.db, library)).toBe(false);
  });

  describe('getfiles/', () => {
    it('lists the root: folders first then files, by name; a folder has children, a file none', async () => {
      const page = await list('');
      expect(page.items.map((i) => i.name)).toEqual(['Catálogos', 'Fichas técnicas', 'Tarifas', 'Léame.txt']);
      expect(page.items[0]).toMatchObject({ fullPath: 'Catálogos', isFolder: true, children: [], icon: 'folder' });
      expect(page.items[3]).toMatchObject({ fullPath: 'Léame.txt', isFolder: false, children: null, icon: 'file' });
      expect(page.total).toBe(4);
    });

    it('lists one folder per call, with slashes, and reads backslashes as slashes', async () => {
      const page = await list('Tarifas\\Promociones');
      expect(page.id).toBe('Tarifas/Promociones');
      expect(page.items).toEqual([
        expect.objectContaining({
          name: 'Promoción primavera.xlsx',
          fullPath: 'Tarifas/Promociones/Promoción primavera.xlsx',
          icon: 'excel',
        }),
      ]);
      const tarifas = await list('Tarifas');
      expect(tarifas.items.map((i) => [i.name, i.icon])).toEqual([
        ['Promociones', 'folder'],
        ['Tarifa 2026.csv', 'excel'],
        ['Tarifa 2026.xlsx', 'excel'],
      ]);
      expect((await list('Catálogos')).items.every((i) => i.icon === 'pdf')).toBe(true);
    });

    it('pages a folder with pindex and psize and says its total', async () => {
      const first = (await get('/api/infile/getfiles/?id=Tarifas&pindex=0&psize=2')).json() as Page;
      const second = (await get('/api/infile/getfiles/?id=Tarifas&pindex=1&psize=2')).json() as Page;
      expect(first.items.map((i) => i.name)).toEqual(['Promociones', 'Tarifa 2026.csv']);
      expect(second.items.map((i) => i.name)).toEqual(['Tarifa 2026.xlsx']);
      expect([first.total, second.total]).toEqual([3, 3]);
    });

    it('refuses bad paging (400) and answers 404 for a folder that does not exist or is a file', async () => {
      for (const q of ['psize=0', 'psize=5001', 'pindex=-1', 'psize=abc'])
        expect((await get(`/api/infile/getfiles/?${q}`)).statusCode, q).toBe(400);
      const missing = await get('/api/infile/getfiles/?id=No%20existe');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('WARN_FolderNotFound');
      expect((await get('/api/infile/getfiles/?id=L%C3%A9ame.txt')).statusCode).toBe(404);
    });
  });

  describe('getfile', () => {
    it('sends a file as an attachment with a safe name, by its recognised type', async () => {
      const res = await get(
        `/api/infile/getfile?fullPath=${encodeURIComponent('Catálogos\\Catálogo general 2026.pdf')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Catalogo general 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Catálogo general 2026.pdf')}`,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('shows it inline with binary=false, and answers 404 for a missing file or a folder', async () => {
      const res = await get('/api/infile/getfile?fullPath=L%C3%A9ame.txt&binary=false');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="Leame.txt"/);
      expect(res.body).toContain('Biblioteca de documentos');
      expect((await get('/api/infile/getfile?fullPath=nada.pdf')).statusCode).toBe(404);
      expect((await get('/api/infile/getfile?fullPath=Tarifas')).statusCode).toBe(404);
      expect((await get('/api/infile/getfile')).statusCode).toBe(400);
    });
  });

  describe('paths that leave the library', () => {
    it.each(ESCAPES)('%j is refused by every call (400 WARN_FileOutsideRoot), nothing written', async (p) => {
      const q = encodeURIComponent(p);
      const answers = [
        await get(`/api/infile/getfiles/?id=${q}`),
        await get(`/api/infile/getfile?fullPath=${q}`),
        await upload(p, multipart([{ name: 'x.csv', content: CSV }])),
        await putFile(p, multipart([{ name: 'x.csv', content: CSV }])),
        await createFolder({ name: 'Nueva', fullPath: p }),
        await del('deletefile', `fullPath=${q}`),
        await del('deletefolder', `fullPath=${q}&force=true`),
      ];
      for (const res of answers) {
        expect(res.statusCode, p).toBe(400);
        expect(res.json().message).toBe('WARN_FileOutsideRoot');
      }
      expect(await names('')).toEqual(['Catálogos', 'Fichas técnicas', 'Tarifas', 'Léame.txt']);
    });

    it('refuses a NUL in a path (400) and writes nothing', async () => {
      expect((await get('/api/infile/getfile?fullPath=a%00b.csv')).statusCode).toBe(400);
      expect((await upload('a\u0000b', multipart([{ name: 'x.csv', content: CSV }]))).statusCode).toBe(400);
      expect((await createFolder({ name: 'Nueva', fullPath: 'a\u0000b' })).statusCode).toBe(400);
      expect(await names('')).not.toContain('Nueva');
    });

    it('refuses a raw (undecoded) %2e%2e in the URL too', async () => {
      const res = await get('/api/infile/getfile?fullPath=%2e%2e/%2e%2e/etc/passwd');
      expect(res.statusCode).toBe(400);
    });

    // Only the directory storage has symbolic links (the database storage has no such thing to refuse).
    if (storageKind === 'directory')
      it('refuses a path through a symbolic link and does not list it', async () => {
        const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'files-outside-'));
        fs.writeFileSync(path.join(outside, 'secreto.txt'), 'secreto');
        fs.symlinkSync(outside, path.join(dataDir, 'storage', 'library', 'enlace'));
        try {
          expect((await get('/api/infile/getfiles/?id=enlace')).statusCode).toBe(400);
          expect((await get('/api/infile/getfile?fullPath=enlace/secreto.txt')).statusCode).toBe(400);
          expect((await del('deletefolder', 'fullPath=enlace&force=true')).statusCode).toBe(400);
          expect(await names('')).not.toContain('enlace');
          expect(fs.existsSync(path.join(outside, 'secreto.txt'))).toBe(true);
        } finally {
          fs.rmSync(path.join(dataDir, 'storage', 'library', 'enlace'));
          fs.rmSync(outside, { recursive: true, force: true });
        }
      });
  });

  describe('upload', () => {
    it('stores several files into a folder under cleaned names and lists them', async () => {
      await createFolder({ name: 'Subidas' });
      const res = await upload(
        'Subidas',
        multipart([
          { name: 'informe.pdf', content: PDF },
          { name: 'C:\\fakepath\\pedido:1.csv', content: CSV },
        ]),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { name: 'informe.pdf', fullPath: 'Subidas/informe.pdf', size: PDF.length },
        { name: 'pedido_1.csv', fullPath: 'Subidas/pedido_1.csv', size: CSV.length },
      ]);
      expect(await names('Subidas')).toEqual(['informe.pdf', 'pedido_1.csv']);
      expect(await content('Subidas/informe.pdf')).toEqual(PDF);
    });

    it('refuses a name already there (409) and keeps nothing of the request', async () => {
      await createFolder({ name: 'Existentes' });
      await upload('Existentes', multipart([{ name: 'a.csv', content: CSV }]));
      const res = await upload(
        'Existentes',
        multipart([
          { name: 'b.csv', content: CSV },
          { name: 'a.csv', content: Buffer.from('otro;contenido\n') },
        ]),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('WARN_FileExists');
      expect(await names('Existentes')).toEqual(['a.csv']);
      expect(await content('Existentes/a.csv')).toEqual(CSV);
    });

    it.each([
      ['a renamed executable', 'manual.pdf', EXE],
      ['an executable called .csv', 'datos.csv', EXE],
      ['an SVG with script called .txt', 'nota.txt', SVG],
      ['an SVG with script', 'logo.svg', SVG],
      ['a PDF called .xlsx', 'tarifa.xlsx', PDF],
      ['unknown bytes', 'datos.bin', Buffer.from([1, 2, 3, 0, 4])],
      // Checked to the last byte, not only the first 4 KB.
      ['a CSV with markup after 4 KB', 'largo.csv', LONG_CSV_WITH_MARKUP],
      ['a CSV with a NUL byte after 4 KB', 'nulo.csv', Buffer.concat([LONG_CSV, Buffer.from('A9;\0\n')])],
    ])('refuses %s (415) and removes what the request stored before it', async (_what, name, bytes) => {
      const res = await upload(
        '',
        multipart([
          { name: 'previo.csv', content: CSV },
          { name, content: bytes },
        ]),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('WARN_FileTypeRefused');
      expect(await names('')).not.toContain('previo.csv');
      expect(await names('')).not.toContain(name);
    });

    it('stores a long CSV checked to its last byte, as it was sent', async () => {
      const res = await upload('', multipart([{ name: 'largo-bueno.csv', content: LONG_CSV }]));
      expect(res.statusCode).toBe(200);
      expect(await content('largo-bueno.csv')).toEqual(LONG_CSV);
    });

    it('refuses a file over the limit while it streams (413) and stores nothing', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * MB, 0x20)]);
      const res = await upload('', multipart([{ name: 'enorme.pdf', content: big }]));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('WARN_FileTooLarge');
      expect(await names('')).not.toContain('enorme.pdf');
    });

    it('answers 413 before a client that never stops sending has sent everything', async () => {
      // The body never ends (it stalls after 32 MB): a server that waited for it would never answer.
      const stalled = streamingUpload('sin-fin.jpg', 32 * MB);
      let pulledAtAnswer = 0;
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${address}/api/infile/upload`,
          { method: 'POST', headers: { ...stalled.headers, ...admin } },
          (response) => {
            pulledAtAnswer = stalled.state.pulled;
            response.resume();
            stalled.stream.destroy();
            req.destroy();
            resolve(response.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        stalled.stream.pipe(req);
      });
      expect(status).toBe(413);
      expect(pulledAtAnswer).toBeLessThan(32 * MB);
      expect(await names('')).not.toContain('sin-fin.jpg');
    });

    it('refuses more files than the limit (413), none (400), and a folder that does not exist (404)', async () => {
      const four = multipart(['1', '2', '3', '4'].map((n) => ({ name: `m${n}.csv`, content: CSV })));
      const res = await upload('', four);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('WARN_TooManyFiles');
      expect((await names('')).filter((n) => /^m\d\.csv$/.test(n))).toEqual([]);
      const none = await upload('', multipart([], { note: 'sin ficheros' }));
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('WARN_FileNoFiles');
      const missing = await upload('No existe', multipart([{ name: 'x.csv', content: CSV }]));
      expect(missing.statusCode).toBe(404);
      expect(await library.stat('No existe')).toBeNull();
    });
  });

  describe('putfile', () => {
    it('puts a file at a path, replacing the one there; a refused one leaves it as it was', async () => {
      const first = await putFile('Tarifas/Tarifa extra.csv', multipart([{ name: 'cualquiera.csv', content: CSV }]));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        name: 'Tarifa extra.csv',
        fullPath: 'Tarifas/Tarifa extra.csv',
        size: CSV.length,
      });
      const newer = Buffer.from('ref;cantidad\nB2;9\n');
      expect(
        (await putFile('Tarifas/Tarifa extra.csv', multipart([{ name: 'x.csv', content: newer }]))).statusCode,
      ).toBe(200);
      expect(await content('Tarifas/Tarifa extra.csv')).toEqual(newer);
      const refused = await putFile('Tarifas/Tarifa extra.csv', multipart([{ name: 'x.csv', content: EXE }]));
      expect(refused.statusCode).toBe(415);
      expect(await content('Tarifas/Tarifa extra.csv')).toEqual(newer);
    });

    it('puts only the first of two files, and refuses a missing folder (404), a folder at the path (409) and the root (400)', async () => {
      const two = multipart([
        { name: 'a.csv', content: CSV },
        { name: 'b.csv', content: CSV },
      ]);
      const put = await putFile('dos.csv', two);
      expect(put.json()).toEqual({ name: 'dos.csv', fullPath: 'dos.csv', size: CSV.length });
      expect(await names('')).not.toContain('b.csv');
      expect((await putFile('No existe/x.csv', multipart([{ name: 'x.csv', content: CSV }]))).statusCode).toBe(404);
      expect((await putFile('Tarifas', multipart([{ name: 'x.csv', content: CSV }]))).statusCode).toBe(409);
      expect((await putFile('/', multipart([{ name: 'x.csv', content: CSV }]))).statusCode).toBe(400);
    });
  });

  describe('createemptydirectory', () => {
    it('creates an empty folder inside another, under a cleaned name', async () => {
      const res = await createFolder({ name: '  ..2027 ', fullPath: 'Tarifas' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ fullPath: 'Tarifas/2027', message: 'MSG_ElementSaved' });
      expect((await list('Tarifas/2027')).items).toEqual([]);
    });

    it('refuses an existing folder (409), a bad name (400 with its key) and a missing parent (404)', async () => {
      const exists = await createFolder({ name: 'Tarifas' });
      expect(exists.statusCode).toBe(409);
      expect(exists.json().message).toBe('WARN_FolderExists');
      const cases: [unknown, string][] = [
        ['', 'WARN_FolderNameRequired'],
        ['   ', 'WARN_FolderNameRequired'],
        ['x'.repeat(121), 'WARN_FolderNameTooLong'],
        ['a/b', 'WARN_FolderNameNotAllowed'],
        ['a\\b', 'WARN_FolderNameNotAllowed'],
        ['..', 'WARN_FolderNameNotAllowed'],
        ['50%', 'WARN_FolderNameNotAllowed'],
      ];
      for (const [name, key] of cases) {
        const res = await createFolder({ name });
        expect(res.statusCode, String(name)).toBe(400);
        expect(JSON.stringify(res.json()), String(name)).toContain(key);
      }
      expect((await createFolder({ name: 'Nueva', fullPath: 'No existe' })).statusCode).toBe(404);
      expect(await names('')).toEqual(expect.not.arrayContaining(['a_b', 'Nueva']));
    });
  });

  describe('deletefile and deletefolder', () => {
    it('deletes a file; a missing file or a folder answers 404', async () => {
      await putFile('borrar.csv', multipart([{ name: 'x.csv', content: CSV }]));
      const res = await del('deletefile', 'fullPath=borrar.csv');
      expect(res.json()).toEqual({ fullPath: 'borrar.csv', message: 'WARN_DeleteOK' });
      expect(await library.stat('borrar.csv')).toBeNull();
      expect((await del('deletefile', 'fullPath=borrar.csv')).statusCode).toBe(404);
      expect((await del('deletefile', 'fullPath=Tarifas')).statusCode).toBe(404);
    });

    it('deletes an empty folder at once', async () => {
      await createFolder({ name: 'Vacía' });
      expect((await del('deletefolder', `fullPath=${encodeURIComponent('Vacía')}`)).statusCode).toBe(200);
      expect(await names('')).not.toContain('Vacía');
    });

    it('refuses a folder that is not empty (409) until force=true, then deletes all of it', async () => {
      await createFolder({ name: 'Llena' });
      await upload('Llena', multipart([{ name: 'a.pdf', content: PDF }]));
      await createFolder({ name: 'Dentro', fullPath: 'Llena' });
      const refused = await del('deletefolder', 'fullPath=Llena');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('WARN_FolderNotEmpty');
      expect(await names('Llena')).toEqual(['Dentro', 'a.pdf']);
      expect((await del('deletefolder', 'fullPath=Llena&force=false')).statusCode).toBe(409);
      const forced = await del('deletefolder', 'fullPath=Llena&force=true');
      expect(forced.json()).toEqual({ fullPath: 'Llena', message: 'WARN_DeleteOK' });
      expect(await names('')).not.toContain('Llena');
      expect(await library.stat('Llena/a.pdf')).toBeNull();
    });

    it('refuses the root (400), a missing folder or a file (404), and a bad force (400)', async () => {
      expect((await del('deletefolder', 'fullPath=%2F&force=true')).statusCode).toBe(400);
      expect((await del('deletefolder', 'fullPath=No%20existe')).statusCode).toBe(404);
      expect((await del('deletefolder', 'fullPath=L%C3%A9ame.txt')).statusCode).toBe(404);
      expect((await del('deletefolder', 'fullPath=Tarifas&force=maybe')).statusCode).toBe(400);
      expect(await names('')).toContain('Tarifas');
    });
  });
});
