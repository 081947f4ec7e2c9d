import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { multipart } from '../../test/images-fixtures.ts';
import { call, exe, heic, heicHeadedHtml, jpeg, makeReturnDocuments, pdf } from '../../test/refunds-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

const MB = 1024 * 1024;
let t: TestApp;
let db: Db;
let dataDir: string;
let tokens: Record<'buyer' | 'buyer2' | 'admin', string>;
let lineId: number;
const P = '/api/inrefund';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'refund-files-'));
  t = await createTestApp({ DATA_DIR: dataDir, STORAGE: 'directory' });
  db = t.database.db;
  const ids = await makeReturnDocuments(db, 'F');
  tokens = {
    buyer: (await makeUser(t, 'plateBuyer')).token,
    buyer2: (await makeUser(t, 'buyer', { client: 'C00002' })).token,
    admin: (await makeUser(t, 'admin')).token,
  };
  const added = await call(t.app.inject.bind(t.app), tokens.buyer)('POST', `${P}/addarticletorefund`, {
    packingslipid: ids.slip,
    linenum: 1,
    motivo: 3,
    quantity: 2,
  });
  lineId = added.json().id;
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (files: Parameters<typeof multipart>[0], who: keyof typeof tokens | null = 'buyer', line = lineId) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `${P}/AddFilesToRefund?lineid=${line}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? bearer(tokens[who]) : {}) },
  });
};
const get = (url: string, who: keyof typeof tokens | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });
const rows = async () => {
  const [r] = await testRows<{ n: number }>(db, sql`select count(*)::int as n from refund_files`);
  return Number(r!.n);
};
/** Files in the storage's refunds folder. */
const stored = () => {
  const root = path.join(dataDir, 'storage', 'refunds');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes(`${path.sep}.meta`))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
};

describe('evidence files', () => {
  it('stores a photo with a thumbnail and a PDF, by ids the portal makes', async () => {
    const res = await upload([
      { name: 'golpe.jpg', content: await jpeg(1200, 900), type: 'image/jpeg' },
      { name: 'albaran.pdf', content: pdf(), type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ name: 'golpe.jpg', filetype: 'image/jpeg', lineid: lineId });
    expect(files[0].thumbnail_url).toBe(`${P}/file/${files[0].id}?thumb=1`);
    expect(files[1]).toMatchObject({ name: 'albaran.pdf', filetype: 'application/pdf', thumbnail_url: null });
    const names = stored();
    expect(names).toHaveLength(3);
    for (const n of names) expect(n).toMatch(/^\d+\/\d+\/[0-9a-f-]{36}(-thumb\.webp|\.jpg|\.pdf)$/);
    const thumb = await get(files[0].thumbnail_url, 'buyer');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
    const listed = (await get(`${P}/GetFiles?itemid=${lineId}`, 'buyer')).json();
    expect(listed.map((f: { id: number }) => f.id)).toEqual(files.map((f: { id: number }) => f.id));
    const line = (await get(`${P}/getrefundscart`, 'buyer')).json().lines[0];
    expect(line.files).toBe(2);
  });

  it('serves a file only to the refund’s client and staff, with a safe Content-Disposition', async () => {
    const [file] = (await get(`${P}/GetFiles?itemid=${lineId}`, 'buyer')).json();
    const own = await get(file.url, 'buyer');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="golpe\.jpg"/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const [, pdfFile] = (await get(`${P}/GetFiles?itemid=${lineId}`, 'buyer')).json();
    expect((await get(pdfFile.url, 'buyer')).headers['content-disposition']).toMatch(
      /^attachment; filename="albaran\.pdf"/,
    );
    expect((await get(file.url, 'admin')).statusCode).toBe(200);
    expect((await get(file.url, 'buyer2')).statusCode).toBe(404);
    expect((await get(file.url, null)).statusCode).toBe(401);
    expect((await get(`${P}/GetFiles?itemid=${lineId}`, 'buyer2')).statusCode).toBe(404);
  });

  it('refuses an executable renamed .jpg, by its bytes, and keeps nothing of the request', async () => {
    const [before, files] = [await rows(), stored().length];
    const res = await upload([
      {
        name: 'ok.png',
        content: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      },
      { name: 'foto.jpg', content: exe(), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_FileTypeRefused');
    expect(await rows()).toBe(before);
    expect(stored().length).toBe(files);
  });

  it('refuses a file over 10 MB while streaming, and keeps nothing', async () => {
    const [before, files] = [await rows(), stored().length];
    const big = Buffer.alloc(10 * MB + 10, 0x41);
    Buffer.from('%PDF-1.4\n').copy(big);
    const res = await upload([{ name: 'grande.pdf', content: big, type: 'application/pdf' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_FileTooLarge');
    expect(await rows()).toBe(before);
    expect(stored().length).toBe(files);
  });

  it('refuses an HTML page behind a HEIC picture’s first box, read to its last byte, and keeps nothing', async () => {
    const [before, files] = [await rows(), stored().length];
    const res = await upload([{ name: 'foto.heic', content: heicHeadedHtml(), type: 'image/heic' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_FileTypeRefused');
    expect(await rows()).toBe(before);
    expect(stored().length).toBe(files);
  });

  it('keeps a traversal name harmless: shown cleaned, stored under the portal’s id', async () => {
    const res = await upload([{ name: '../../../etc/passwd.heic', content: heic(), type: 'image/heic' }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json();
    expect(file).toMatchObject({ name: 'passwd.heic', filetype: 'image/heic', thumbnail_url: null });
    expect(fs.existsSync(path.join(dataDir, 'etc'))).toBe(false);
    expect(stored().every((n) => /^\d+\/\d+\//.test(n))).toBe(true);
  });

  it('takes at most 5 files per line', async () => {
    const before = await rows();
    expect(before).toBe(3);
    const three = [
      { name: 'a.pdf', content: pdf() },
      { name: 'b.pdf', content: pdf() },
      { name: 'c.pdf', content: pdf() },
    ];
    const res = await upload(three);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_TooManyFiles');
    expect(await rows()).toBe(before);
    expect((await upload(three.slice(0, 2))).statusCode).toBe(200);
    expect(await rows()).toBe(5);
    const sixth = await upload([three[2]!]);
    expect(sixth.json().message).toBe('WARN_TooManyFiles');
  });

  it('answers 404 for another client’s line and deletes only the caller’s files', async () => {
    expect((await upload([{ name: 'x.pdf', content: pdf() }], 'buyer2')).statusCode).toBe(404);
    expect((await upload([{ name: 'x.pdf', content: pdf() }], null)).statusCode).toBe(401);
    const [file] = (await get(`${P}/GetFiles?itemid=${lineId}`, 'buyer')).json();
    const del = (who: keyof typeof tokens) =>
      t.app.inject({ method: 'POST', url: `${P}/DeleteFile`, payload: { id: file.id }, headers: bearer(tokens[who]) });
    expect((await del('buyer2')).statusCode).toBe(404);
    const before = stored().length;
    expect((await del('buyer')).statusCode).toBe(200);
    expect(stored().length).toBe(before - 2);
    expect((await get(file.url, 'buyer')).statusCode).toBe(404);
  });

  it('removes a line’s files with the line', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${P}/deletefromcurrentcart/${lineId}`,
      headers: bearer(tokens.buyer),
    });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toBe(0);
    expect(stored()).toEqual([]);
  });
});
