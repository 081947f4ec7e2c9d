import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { CHUNK_BYTES, databaseStorage } from '../../db/storage/database-storage.ts';
import { testRows } from '../../test/rows.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { directoryStorage } from './directory-storage.ts';
import { type Storage, StorageError } from './storage.ts';

const MB = 1024 * 1024;
const text = async (storage: Storage, p: string) => {
  const got = await storage.get(p);
  if (!got) return null;
  const parts: Buffer[] = [];
  for await (const c of got.stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
};
const put = (storage: Storage, p: string, body: string | Buffer, maxBytes = MB) =>
  storage.put(p, Buffer.isBuffer(body) ? body : Buffer.from(body), { contentType: 'text/plain', maxBytes });

/** A stream that never ends on its own: 64 KiB at a time, counting what was pulled from it. */
function endless() {
  const state = { pulled: 0 };
  const stream = new Readable({
    read() {
      state.pulled += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 7));
    },
  });
  return { stream, state };
}

/** Every form of path that leaves the root or is unsafe; each is refused by every operation. */
const ESCAPES = [
  '../outside.txt',
  'a/../../outside.txt',
  '..\\outside.txt',
  'a\\..\\..\\outside.txt',
  '%2e%2e/outside.txt',
  '%2E%2E%2Foutside.txt',
  '..%2foutside.txt',
  '%252e%252e/outside.txt',
  'a/%00.txt',
  '/etc/passwd',
  '\\etc\\passwd',
  '//server/share/x',
  '\\\\server\\share\\x',
  'C:\\Windows\\win.ini',
  'c:/x.txt',
  'a/./b.txt',
  'a\u0000b.txt',
  'a/b\u0007.txt',
  'con',
  'folder/NUL.txt',
  'trailing-dot.',
  'trailing-space ',
  '.hidden',
  'a/.partial/x',
];

type Kind = {
  name: string;
  make: () => Promise<{ storage: Storage; outside: () => string[]; pending: () => Promise<number> }>;
  close: () => Promise<void>;
};

let database: Database | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
const dirs: string[] = [];

const kinds: Kind[] = [
  {
    name: 'directory',
    async make() {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
      dirs.push(parent);
      const root = path.join(parent, 'root');
      fs.mkdirSync(root);
      fs.writeFileSync(path.join(parent, 'outside.txt'), 'secret');
      return {
        storage: directoryStorage(root),
        outside: () => fs.readdirSync(parent).filter((n) => n !== 'root'),
        pending: async () => fs.readdirSync(path.join(root, '.partial')).length,
      };
    },
    async close() {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    },
  },
  {
    name: 'database',
    async make() {
      if (!database) {
        const fresh = await freshDatabase({ empty: true });
        database = fresh.database;
        dropDatabase = fresh.drop;
        await migrate(database);
      }
      const db = database.db;
      await db.execute(sql`delete from storage_objects`);
      return {
        storage: databaseStorage(db),
        outside: () => ['outside.txt'],
        pending: async () =>
          Number(
            (
              await testRows<{ n: number }>(db, sql`select count(*)::int as n from storage_objects where path is null`)
            )[0]?.n,
          ),
      };
    },
    async close() {
      await dropDatabase?.();
    },
  },
];

describe.each(kinds)('$name storage', (kind) => {
  let storage: Storage;
  let ctx: Awaited<ReturnType<Kind['make']>>;
  beforeAll(async () => {
    ctx = await kind.make();
    storage = ctx.storage;
  }, 60_000);
  afterAll(() => kind.close());

  it('stores a file and gives it back with its size, type and hash, creating the folders above it', async () => {
    const stored = await put(storage, 'docs/2026/nota.txt', 'hola mundo');
    expect(stored).toMatchObject({
      path: 'docs/2026/nota.txt',
      size: 10,
      contentType: 'text/plain',
      sha256: createHash('sha256').update('hola mundo').digest('hex'),
    });
    expect((await text(storage, 'docs/2026/nota.txt'))?.toString()).toBe('hola mundo');
    expect(await storage.stat('docs/2026/nota.txt')).toMatchObject({ size: 10, contentType: 'text/plain' });
    expect(await storage.stat('docs/2026')).toEqual({ path: 'docs/2026', kind: 'folder' });
    expect(await storage.stat('docs/none.txt')).toBeNull();
    expect(await storage.get('docs/none.txt')).toBeNull();
  });

  it('names the file on disk only where the storage keeps files on this machine', async () => {
    await put(storage, 'local/copy.txt', 'en disco');
    const local = await storage.localFile('local/copy.txt');
    const onDisk = local === null ? null : fs.readFileSync(local, 'utf8');
    expect(onDisk).toBe(storage.kind === 'directory' ? 'en disco' : null);
    expect(await storage.localFile('local/none.txt')).toBeNull();
    expect(await storage.localFile('local')).toBeNull();
  });

  it('treats backslashes as slashes and keeps files bigger than one chunk whole', async () => {
    const big = Buffer.alloc(CHUNK_BYTES * 2 + 12345);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) % 251;
    await put(storage, 'big\\data.bin', big, 10 * MB);
    const back = await text(storage, 'big/data.bin');
    expect(back?.length).toBe(big.length);
    expect(back?.equals(big)).toBe(true);
    expect((await storage.get('big/data.bin'))?.size).toBe(big.length);
  });

  it('replaces a file put again at the same path', async () => {
    await put(storage, 'r/same.txt', 'first');
    await put(storage, 'r/same.txt', 'second');
    expect((await text(storage, 'r/same.txt'))?.toString()).toBe('second');
    expect((await storage.list('r'))?.map((e) => e.name)).toEqual(['same.txt']);
  });

  it('lists a folder: folders first, then files, by name; the root is ""; a missing folder is null', async () => {
    await storage.createFolder('l/zeta');
    await storage.createFolder('l/alfa');
    await put(storage, 'l/b.txt', 'b');
    await put(storage, 'l/a.txt', 'aa');
    const listed = await storage.list('l');
    expect(listed?.map((e) => [e.kind, e.name, e.path, e.size])).toEqual([
      ['folder', 'alfa', 'l/alfa', 0],
      ['folder', 'zeta', 'l/zeta', 0],
      ['file', 'a.txt', 'l/a.txt', 2],
      ['file', 'b.txt', 'l/b.txt', 1],
    ]);
    expect((await storage.list(''))?.map((e) => e.name)).toContain('l');
    expect((await storage.list('/'))?.map((e) => e.name)).toContain('l');
    expect(await storage.list('no-such-folder')).toBeNull();
    expect(await storage.list('l/a.txt')).toBeNull();
  });

  it("lists a page of a folder in the same order, with the folder's total; a missing folder is null", async () => {
    await storage.createFolder('p/carpeta');
    for (const n of ['e', 'c', 'a', 'd', 'b']) await put(storage, `p/${n}.txt`, n.repeat(3));
    const whole = (await storage.list('p'))?.map((e) => e.path);
    expect(whole).toEqual(['p/carpeta', 'p/a.txt', 'p/b.txt', 'p/c.txt', 'p/d.txt', 'p/e.txt']);
    const first = await storage.listPage('p', 0, 4);
    const second = await storage.listPage('p', 4, 4);
    expect(first?.total).toBe(6);
    expect(second?.total).toBe(6);
    expect([...(first?.entries ?? []), ...(second?.entries ?? [])].map((e) => e.path)).toEqual(whole);
    expect(first?.entries[0]).toMatchObject({ kind: 'folder', name: 'carpeta', size: 0 });
    expect(first?.entries[1]).toMatchObject({ kind: 'file', name: 'a.txt', size: 3 });
    expect(await storage.listPage('p', 10, 4)).toEqual({ total: 6, entries: [] });
    expect(await storage.listPage('no-such-folder', 0, 10)).toBeNull();
    expect(await storage.listPage('p/a.txt', 0, 10)).toBeNull();
    await expect(storage.listPage('../p', 0, 10)).rejects.toMatchObject({ code: 'bad-path' });
  });

  it('deletes a file, and says when there was none', async () => {
    await put(storage, 'd/x.txt', 'x');
    expect(await storage.delete('d/x.txt')).toBe(true);
    expect(await storage.get('d/x.txt')).toBeNull();
    expect(await storage.delete('d/x.txt')).toBe(false);
    expect(await storage.delete('d')).toBe(false);
  });

  it('refuses to delete a folder that is not empty unless asked to delete what is in it', async () => {
    await put(storage, 'f/inner/x.txt', 'x');
    await expect(storage.deleteFolder('f')).rejects.toMatchObject({ code: 'not-empty' });
    expect((await text(storage, 'f/inner/x.txt'))?.toString()).toBe('x');
    expect(await storage.deleteFolder('f', { recursive: true })).toBe(true);
    expect(await storage.stat('f')).toBeNull();
    expect(await storage.get('f/inner/x.txt')).toBeNull();
    await storage.createFolder('empty');
    expect(await storage.deleteFolder('empty')).toBe(true);
    expect(await storage.deleteFolder('empty')).toBe(false);
    await expect(storage.deleteFolder('')).rejects.toMatchObject({ code: 'bad-path' });
  });

  it('moves and renames files and folders with what they hold', async () => {
    await put(storage, 'm/one.txt', '1');
    await put(storage, 'm/sub/two.txt', '2');
    await storage.move('m/one.txt', 'm/uno.txt');
    expect((await text(storage, 'm/uno.txt'))?.toString()).toBe('1');
    expect(await storage.get('m/one.txt')).toBeNull();
    await storage.move('m', 'moved/m2');
    expect((await text(storage, 'moved/m2/sub/two.txt'))?.toString()).toBe('2');
    expect((await text(storage, 'moved/m2/uno.txt'))?.toString()).toBe('1');
    expect((await storage.list('moved/m2'))?.map((e) => e.path)).toEqual(['moved/m2/sub', 'moved/m2/uno.txt']);
    expect(await storage.stat('m')).toBeNull();
    await put(storage, 'moved/other.txt', 'o');
    await expect(storage.move('moved/other.txt', 'moved/m2/uno.txt')).rejects.toMatchObject({ code: 'exists' });
    await expect(storage.move('moved/m2', 'moved/m2/sub/x')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.move('nothing-here', 'x')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('cuts an upload as soon as it passes the limit, reading no further, and leaves nothing stored', async () => {
    const { stream, state } = endless();
    await expect(
      storage.put('limit/huge.bin', stream, { contentType: 'application/octet-stream', maxBytes: MB }),
    ).rejects.toMatchObject({ code: 'too-large' });
    // Read up to the limit and a few chunks more in flight, never the megabytes that would follow.
    expect(state.pulled).toBeLessThan(MB + 20 * 64 * 1024);
    expect(await storage.get('limit/huge.bin')).toBeNull();
    expect(await storage.stat('limit')).toBeNull();
    expect(await ctx.pending()).toBe(0);
  });

  it('accepts a file of exactly the limit', async () => {
    await put(storage, 'limit/exact.bin', Buffer.alloc(1000, 1), 1000);
    expect((await storage.stat('limit/exact.bin')) as { size: number }).toMatchObject({ size: 1000 });
    await expect(put(storage, 'limit/over.bin', Buffer.alloc(1001, 1), 1000)).rejects.toMatchObject({
      code: 'too-large',
    });
  });

  it.each(ESCAPES)('refuses the path %j in every operation', async (bad) => {
    const refused = { code: 'bad-path' };
    await expect(put(storage, bad, 'x')).rejects.toMatchObject(refused);
    await expect(storage.get(bad)).rejects.toMatchObject(refused);
    await expect(storage.stat(bad)).rejects.toMatchObject(refused);
    await expect(storage.list(bad)).rejects.toMatchObject(refused);
    await expect(storage.listPage(bad, 0, 10)).rejects.toMatchObject(refused);
    await expect(storage.delete(bad)).rejects.toMatchObject(refused);
    await expect(storage.createFolder(bad)).rejects.toMatchObject(refused);
    await expect(storage.deleteFolder(bad)).rejects.toMatchObject(refused);
    await expect(storage.move('safe.txt', bad)).rejects.toMatchObject(refused);
    await expect(storage.move(bad, 'safe.txt')).rejects.toMatchObject(refused);
    expect(ctx.outside()).toEqual(['outside.txt']);
  });

  it('throws StorageError, not a file system error, for refusals', async () => {
    await expect(storage.get('../x')).rejects.toBeInstanceOf(StorageError);
  });
});

describe('directory storage and symbolic links', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-links-'));
  const root = path.join(parent, 'root');
  const secret = path.join(parent, 'secret');
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('refuses every operation through a link inside the root that leads out of it', async () => {
    fs.mkdirSync(secret);
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(secret, 'keys.txt'), 'do not read');
    const storage = directoryStorage(root);
    fs.symlinkSync(secret, path.join(root, 'link'));
    fs.symlinkSync(path.join(secret, 'keys.txt'), path.join(root, 'file-link.txt'));
    await expect(storage.get('link/keys.txt')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.get('file-link.txt')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.list('link')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.listPage('link', 0, 10)).rejects.toMatchObject({ code: 'bad-path' });
    await expect(put(storage, 'link/new.txt', 'x')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.delete('file-link.txt')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(storage.deleteFolder('link', { recursive: true })).rejects.toMatchObject({ code: 'bad-path' });
    // Links are not listed either.
    expect(await storage.list('')).toEqual([]);
    expect(await storage.listPage('', 0, 10)).toEqual({ total: 0, entries: [] });
    expect(fs.readdirSync(secret)).toEqual(['keys.txt']);
  });
});
