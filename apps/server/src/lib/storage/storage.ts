import type { Readable } from 'node:stream';

/**
 * One interface for every stored file of the portal (images, the file library, returns' evidence), with two
 * implementations chosen by `STORAGE` (docs/decisions/0024): `directory` (a folder under DATA_DIR, the default)
 * and `database` (chunked rows in the application's own database, so that several instances see the same files).
 *
 * Every path is relative to the storage's root, uses `/` between names, and is checked by `storagePath`
 * (lib/storage/paths.ts) before it reaches the implementation: a path that would leave the root is refused.
 */
export type StoredFile = {
  path: string;
  size: number;
  contentType: string;
  /** SHA-256 of the content, hex. */
  sha256: string;
  modifiedAt: Date;
};

export type StorageEntry = {
  name: string;
  path: string;
  kind: 'file' | 'folder';
  size: number;
  modifiedAt: Date;
};

export type PutOptions = {
  /** The content type to record (the caller recognised it by its bytes: lib/storage/content-type.ts). */
  contentType: string;
  /** Refuse (StorageError 'too-large') as soon as more bytes than this arrive; nothing is left stored. */
  maxBytes: number;
};

export type StoredContent = { stream: Readable; size: number; contentType: string; sha256: string };

export interface Storage {
  readonly kind: 'directory' | 'database';
  /** Stores a stream at a path (replacing a file there), creating the folders above it. */
  put(path: string, content: Readable | Buffer, options: PutOptions): Promise<StoredFile>;
  /** The content of a file, or null when there is no file at the path. */
  get(path: string): Promise<StoredContent | null>;
  /**
   * Where the file is on this machine's disk, when the storage keeps it there (directory storage), else null: a
   * reader that opens files itself (sharp) then reads it without it being copied into the server's memory.
   */
  localFile(path: string): Promise<string | null>;
  stat(path: string): Promise<StoredFile | { path: string; kind: 'folder' } | null>;
  /** The files and folders directly in a folder ('' is the root), folders first, by name; null when none. */
  list(folder: string): Promise<StorageEntry[] | null>;
  /**
   * One page of a folder (`offset`, at most `limit` entries, in `list`'s order) and how many entries it holds in
   * all; null when there is no folder. Only the page's entries are read in full (a folder of thousands stays quick).
   */
  listPage(folder: string, offset: number, limit: number): Promise<{ total: number; entries: StorageEntry[] } | null>;
  /** Deletes a file; false when there was none. */
  delete(path: string): Promise<boolean>;
  /** Creates a folder and the folders above it (nothing when it exists). */
  createFolder(path: string): Promise<void>;
  /** Deletes a folder; one that is not empty is refused ('not-empty') unless `recursive`. False when none. */
  deleteFolder(path: string, options?: { recursive?: boolean }): Promise<boolean>;
  /** Moves or renames a file or folder; refused ('exists') when the target exists, 'not-found' without source. */
  move(from: string, to: string): Promise<void>;
}

export type StorageErrorCode = 'bad-path' | 'too-large' | 'not-found' | 'not-empty' | 'exists' | 'refused-type';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A storage whose every path is under a fixed folder of another (each area keeps its files apart). */
export function scopedStorage(inner: Storage, prefix: string): Storage {
  const at = (p: string) => (p ? `${prefix}/${p}` : prefix);
  const strip = <T extends { path: string }>(e: T): T => ({ ...e, path: e.path.slice(prefix.length + 1) });
  return {
    kind: inner.kind,
    put: async (p, c, o) => strip(await inner.put(at(p), c, o)),
    get: (p) => inner.get(at(p)),
    localFile: (p) => inner.localFile(at(p)),
    stat: async (p) => {
      const s = await inner.stat(at(p));
      return s ? { ...s, path: p } : null;
    },
    list: async (f) => {
      if (!f) await inner.createFolder(prefix);
      return (await inner.list(at(f)))?.map(strip) ?? null;
    },
    listPage: async (f, offset, limit) => {
      if (!f) await inner.createFolder(prefix);
      const page = await inner.listPage(at(f), offset, limit);
      return page ? { total: page.total, entries: page.entries.map(strip) } : null;
    },
    delete: (p) => inner.delete(at(p)),
    createFolder: (p) => inner.createFolder(at(p)),
    deleteFolder: (p, o) => inner.deleteFolder(at(p), o),
    move: (a, b) => inner.move(at(a), at(b)),
  };
}
