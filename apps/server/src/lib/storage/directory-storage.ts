import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storagePath } from './paths.ts';
import { type Storage, type StorageEntry, StorageError, type StoredFile } from './storage.ts';
import { LimitedHash, toStream } from './stream-limit.ts';

/** Where uploads are written until they are complete; a name no caller path can reach (it starts with a dot). */
const PARTIAL = '.partial';
/** The content type and hash of each file, beside it in a folder no caller path can reach. */
const META = '.meta';

type Meta = { contentType: string; sha256: string };

/** `localeCompare`'s order, with one collator made once (a folder of thousands is sorted many times faster). */
const byName = new Intl.Collator().compare;

/** A folder entry as the storage tells it (`rel`: the folder's path, '' for the root). */
function entryOf(entry: fs.Dirent, info: fs.Stats, rel: string): StorageEntry {
  return {
    name: entry.name,
    path: rel ? `${rel}/${entry.name}` : entry.name,
    kind: entry.isDirectory() ? 'folder' : 'file',
    size: entry.isDirectory() ? 0 : info.size,
    modifiedAt: info.mtime,
  };
}

/**
 * The stats of a folder's entries, read synchronously in batches of 256 with the event loop given back between
 * batches: a promise per file costs a thread-pool round trip each (a folder of 5,000 took 36–64 ms that way, 7–12
 * ms like this). An entry that cannot be read (gone meanwhile, no permission) is null.
 */
async function statAll(dir: string, names: string[]): Promise<(fs.Stats | null)[]> {
  const out: (fs.Stats | null)[] = [];
  for (let i = 0; i < names.length; i += 256) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const name of names.slice(i, i + 256)) {
      try {
        out.push(fs.statSync(path.join(dir, name), { throwIfNoEntry: false }) ?? null);
      } catch {
        out.push(null);
      }
    }
  }
  return out;
}

/**
 * The files in a folder (`DATA_DIR/storage` by default). Every path is checked by `storagePath`, joined under the
 * root, and refused when one of its parts is a symbolic link (a link could lead out of the root).
 */
export function directoryStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The absolute path of a caller path; no part of it (below the root) may be a symbolic link. */
  async function resolve(input: string): Promise<{ rel: string; abs: string }> {
    const rel = storagePath(input);
    let at = base;
    for (const segment of rel ? rel.split('/') : []) {
      at = path.join(at, segment);
      const info = await fsp.lstat(at).catch(() => null);
      if (!info) break;
      if (info.isSymbolicLink()) throw new StorageError('bad-path', `symbolic link: ${rel}`);
    }
    return { rel, abs: rel ? path.join(base, ...rel.split('/')) : base };
  }
  const metaFile = (rel: string) => path.join(base, META, `${rel}.json`);
  async function readMeta(rel: string): Promise<Meta> {
    try {
      return JSON.parse(await fsp.readFile(metaFile(rel), 'utf8')) as Meta;
    } catch {
      return { contentType: 'application/octet-stream', sha256: '' };
    }
  }
  async function writeMeta(rel: string, meta: Meta) {
    await fsp.mkdir(path.dirname(metaFile(rel)), { recursive: true });
    await fsp.writeFile(metaFile(rel), JSON.stringify(meta));
  }
  async function ensureFolders(rel: string) {
    await fsp.mkdir(base, { recursive: true });
    const parts = rel.split('/');
    let at = base;
    for (const part of parts) {
      at = path.join(at, part);
      const info = await fsp.lstat(at).catch(() => null);
      if (!info)
        await fsp.mkdir(at).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
      else if (info.isSymbolicLink()) throw new StorageError('bad-path', `symbolic link: ${rel}`);
      else if (!info.isDirectory()) throw new StorageError('exists', `a file is in the way: ${part}`);
    }
  }

  return {
    kind: 'directory',
    async put(input, content, { contentType, maxBytes }): Promise<StoredFile> {
      const { rel, abs } = await resolve(input);
      if (!rel) throw new StorageError('bad-path', 'the root is not a file');
      await fsp.mkdir(path.join(base, PARTIAL), { recursive: true });
      const partial = path.join(base, PARTIAL, randomUUID());
      const counter = new LimitedHash(maxBytes);
      try {
        await pipeline(toStream(content), counter, fs.createWriteStream(partial, { flags: 'wx' }));
        const parent = path.posix.dirname(rel);
        if (parent !== '.') await ensureFolders(parent);
        const existing = await fsp.lstat(abs).catch(() => null);
        if (existing?.isDirectory()) throw new StorageError('exists', `a folder is at ${rel}`);
        const meta = { contentType, sha256: counter.digest() };
        await writeMeta(rel, meta);
        await fsp.rename(partial, abs);
        const info = await fsp.stat(abs);
        return { path: rel, size: info.size, ...meta, modifiedAt: info.mtime };
      } finally {
        await fsp.rm(partial, { force: true });
      }
    },

    async get(input) {
      const { abs, rel } = await resolve(input);
      const info = await fsp.stat(abs).catch(() => null);
      if (!info?.isFile()) return null;
      const meta = await readMeta(rel);
      return { stream: fs.createReadStream(abs) as Readable, size: info.size, ...meta };
    },

    async localFile(input) {
      const { abs } = await resolve(input);
      const info = await fsp.stat(abs).catch(() => null);
      return info?.isFile() ? abs : null;
    },

    async stat(input) {
      const { abs, rel } = await resolve(input);
      const info = await fsp.stat(abs).catch(() => null);
      if (!info) return null;
      if (info.isDirectory()) return { path: rel, kind: 'folder' as const };
      return { path: rel, size: info.size, modifiedAt: info.mtime, ...(await readMeta(rel)) };
    },

    async list(input) {
      const { abs, rel } = await resolve(input);
      const entries = await fsp.readdir(abs, { withFileTypes: true }).catch(() => null);
      if (!entries) return null;
      const kept = entries.filter(
        (e) => !e.name.startsWith('.') && !e.isSymbolicLink() && (e.isFile() || e.isDirectory()),
      );
      const stats = await statAll(
        abs,
        kept.map((e) => e.name),
      );
      const out: StorageEntry[] = [];
      kept.forEach((entry, i) => {
        const info = stats[i];
        if (!info) return;
        out.push(entryOf(entry, info, rel));
      });
      return out.sort((a, b) => (a.kind === b.kind ? byName(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
    },

    async listPage(input, offset, limit) {
      const { abs, rel } = await resolve(input);
      const found = await fsp.readdir(abs, { withFileTypes: true }).catch(() => null);
      if (!found) return null;
      // Names and kinds come from the folder itself; only the page's entries are stat'ed (size and time).
      const kept = found
        .filter((e) => !e.name.startsWith('.') && !e.isSymbolicLink() && (e.isFile() || e.isDirectory()))
        .sort((a, b) => (a.isDirectory() === b.isDirectory() ? byName(a.name, b.name) : a.isDirectory() ? -1 : 1));
      const slice = kept.slice(offset, offset + limit);
      const stats = await statAll(
        abs,
        slice.map((e) => e.name),
      );
      const page = slice.map((entry, i): StorageEntry | null => {
        const info = stats[i];
        if (!info) return null;
        return entryOf(entry, info, rel);
      });
      return { total: kept.length, entries: page.filter((e): e is StorageEntry => e !== null) };
    },

    async delete(input) {
      const { abs, rel } = await resolve(input);
      const info = await fsp.lstat(abs).catch(() => null);
      if (!info?.isFile()) return false;
      await fsp.rm(abs);
      await fsp.rm(metaFile(rel), { force: true });
      return true;
    },

    async createFolder(input) {
      const { rel } = await resolve(input);
      if (rel) await ensureFolders(rel);
    },

    async deleteFolder(input, options) {
      const { abs, rel } = await resolve(input);
      if (!rel) throw new StorageError('bad-path', 'the root cannot be deleted');
      const info = await fsp.lstat(abs).catch(() => null);
      if (!info?.isDirectory()) return false;
      const inside = await fsp.readdir(abs);
      if (inside.length > 0 && !options?.recursive) throw new StorageError('not-empty', rel);
      await fsp.rm(abs, { recursive: true });
      await fsp.rm(path.join(base, META, rel), { recursive: true, force: true });
      return true;
    },

    async move(fromInput, toInput) {
      const from = await resolve(fromInput);
      const to = await resolve(toInput);
      if (!from.rel || !to.rel) throw new StorageError('bad-path', 'the root cannot be moved');
      if (to.rel === from.rel || to.rel.startsWith(`${from.rel}/`))
        throw new StorageError('bad-path', 'a folder cannot be moved into itself');
      const info = await fsp.lstat(from.abs).catch(() => null);
      if (!info) throw new StorageError('not-found', from.rel);
      if (await fsp.lstat(to.abs).catch(() => null)) throw new StorageError('exists', to.rel);
      const parent = path.posix.dirname(to.rel);
      if (parent !== '.') await ensureFolders(parent);
      await fsp.rename(from.abs, to.abs);
      const fromMeta = info.isDirectory() ? path.join(base, META, from.rel) : metaFile(from.rel);
      const toMeta = info.isDirectory() ? path.join(base, META, to.rel) : metaFile(to.rel);
      if (await fsp.lstat(fromMeta).catch(() => null)) {
        await fsp.mkdir(path.dirname(toMeta), { recursive: true });
        await fsp.rename(fromMeta, toMeta);
      }
    },
  };
}
