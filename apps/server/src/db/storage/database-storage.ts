import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { splitPath, storagePath } from '../../lib/storage/paths.ts';
import { type Storage, type StorageEntry, StorageError, type StoredFile } from '../../lib/storage/storage.ts';
import { LimitedHash, toStream } from '../../lib/storage/stream-limit.ts';
import { type Db, queryRows } from '../client.ts';
import { countRow, idRow, int, pgText } from '../rows.ts';

export const CHUNK_BYTES = 256 * 1024;

/**
 * A placed object (read by its path or its folder: a pending upload has no path and is never read). `size` is a
 * bigint (a number through the int8 parser), `modified_at` a timestamptz (text on both drivers).
 */
const objectRow = z.object({
  id: int,
  path: z.string(),
  name: z.string(),
  is_folder: z.boolean(),
  size: int,
  content_type: z.string().nullable(),
  sha256: z.string().nullable(),
  modified_at: pgText,
});
type ObjectRow = z.output<typeof objectRow>;
/** bytea: a Buffer on node-postgres, a Uint8Array on PGlite. */
const bytes = z.instanceof(Uint8Array);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const asBuffer = (v: unknown) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));
const fileOf = (r: ObjectRow): StoredFile => ({
  path: r.path,
  size: r.size,
  contentType: r.content_type ?? 'application/octet-stream',
  sha256: r.sha256 ?? '',
  modifiedAt: new Date(r.modified_at),
});
const entryOf = (r: ObjectRow): StorageEntry => ({
  name: r.name,
  path: r.path,
  kind: r.is_folder ? 'folder' : 'file',
  size: r.size,
  modifiedAt: new Date(r.modified_at),
});

/**
 * Files as rows of the application's own database (STORAGE=database; decision 0024): every instance sees the
 * same files, on PGlite and PostgreSQL alike. A file is a `storage_objects` row and its content 256 KiB
 * `storage_chunks`; folders are rows too. An upload streams its chunks under a pending row (no path), each chunk
 * its own statement, so that no transaction or connection is held while a client sends; the path is given in
 * one short transaction at the end. A refused or cut upload deletes its pending row (and chunks).
 */
export function databaseStorage(db: Db): Storage {
  const find = async (p: string) =>
    (await queryRows(db, sql`select * from storage_objects where path = ${p}`, objectRow))[0] ?? null;

  async function ensureFolders(tx: Db, folder: string) {
    if (!folder) return;
    const parts = folder.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join('/');
      const { parent, name } = splitPath(p);
      const existing = await queryRows(
        tx,
        sql`select is_folder from storage_objects where path = ${p}`,
        z.object({ is_folder: z.boolean() }),
      );
      if (existing[0] && !existing[0].is_folder) throw new StorageError('exists', `a file is in the way: ${p}`);
      if (!existing[0])
        await tx.execute(
          sql`insert into storage_objects (path, parent, name, is_folder) values (${p}, ${parent}, ${name}, true)
              on conflict (path) do nothing`,
        );
    }
  }

  return {
    kind: 'database',
    async put(input, content, { contentType, maxBytes }) {
      const rel = storagePath(input);
      if (!rel) throw new StorageError('bad-path', 'the root is not a file');
      const [pending] = await queryRows(
        db,
        sql`insert into storage_objects (path, content_type) values (null, ${contentType}) returning id`,
        idRow,
      );
      const id = pending!.id;
      const counter = new LimitedHash(maxBytes);
      let ok = false;
      try {
        let seq = 0;
        let pendingBytes: Buffer[] = [];
        let length = 0;
        const write = (data: Buffer) =>
          db.execute(sql`insert into storage_chunks (object_id, seq, data) values (${id}, ${seq++}, ${data})`);
        const source = toStream(content);
        // A stream that already failed (a content check refused it while the row above was written) says so now.
        if (source.errored) throw source.errored;
        source.once('error', (e) => counter.destroy(e));
        for await (const chunk of source.pipe(counter) as AsyncIterable<Buffer>) {
          pendingBytes.push(chunk);
          length += chunk.length;
          while (length >= CHUNK_BYTES) {
            const data = Buffer.concat(pendingBytes, length);
            await write(data.subarray(0, CHUNK_BYTES));
            const rest = data.subarray(CHUNK_BYTES);
            pendingBytes = rest.length > 0 ? [rest] : [];
            length = rest.length;
          }
        }
        if (length > 0) await write(Buffer.concat(pendingBytes, length));
        const sha256 = counter.digest();
        const { parent, name } = splitPath(rel);
        const stored = await db.transaction(async (tx) => {
          await ensureFolders(tx, parent);
          const [old] = await queryRows(
            tx,
            sql`select id, is_folder from storage_objects where path = ${rel} for update`,
            z.object({ id: int, is_folder: z.boolean() }),
          );
          if (old?.is_folder) throw new StorageError('exists', `a folder is at ${rel}`);
          if (old) await tx.execute(sql`delete from storage_objects where id = ${old.id}`);
          const [row] = await queryRows(
            tx,
            sql`update storage_objects set path = ${rel}, parent = ${parent}, name = ${name}, size = ${counter.bytes},
                sha256 = ${sha256}, modified_at = now() where id = ${id} returning *`,
            objectRow,
          );
          return fileOf(row!);
        });
        ok = true;
        return stored;
      } finally {
        if (!ok) await db.execute(sql`delete from storage_objects where id = ${id}`).catch(() => undefined);
      }
    },

    async get(input) {
      const rel = storagePath(input);
      // The object and its first chunk in one query: a small file (a thumbnail) is one round trip.
      const [first] = await queryRows(
        db,
        sql`select o.*, c.data from storage_objects o
            left join storage_chunks c on c.object_id = o.id and c.seq = 0
            where o.path = ${rel} and not o.is_folder`,
        objectRow.extend({ data: bytes.nullable() }),
      );
      if (!first) return null;
      const file = fileOf(first);
      const id = first.id;
      const firstData = first.data ? asBuffer(first.data) : Buffer.alloc(0);
      async function* chunks() {
        if (firstData.length > 0) yield firstData;
        let sent = firstData.length;
        for (let seq = 1; sent < file.size; seq++) {
          const [chunk] = await queryRows(
            db,
            sql`select data from storage_chunks where object_id = ${id} and seq = ${seq}`,
            z.object({ data: bytes }),
          );
          if (!chunk) throw new Error(`storage object ${id} lacks chunk ${seq}`);
          const data = asBuffer(chunk.data);
          sent += data.length;
          yield data;
        }
      }
      return { stream: Readable.from(chunks()), size: file.size, contentType: file.contentType, sha256: file.sha256 };
    },

    async stat(input) {
      const rel = storagePath(input);
      if (!rel) return { path: '', kind: 'folder' as const };
      const row = await find(rel);
      if (!row) return null;
      return row.is_folder ? { path: rel, kind: 'folder' as const } : fileOf(row);
    },

    async list(input) {
      const rel = storagePath(input);
      if (rel) {
        const folder = await find(rel);
        if (!folder?.is_folder) return null;
      }
      const found = await queryRows(
        db,
        sql`select * from storage_objects where parent = ${rel} and path is not null order by is_folder desc, name`,
        objectRow,
      );
      return found.map(entryOf);
    },

    // The bytes are rows of the database: never a file of this machine's disk.
    localFile: async () => null,

    async listPage(input, offset, limit) {
      const rel = storagePath(input);
      if (rel) {
        const folder = await find(rel);
        if (!folder?.is_folder) return null;
      }
      const [count] = await queryRows(
        db,
        sql`select count(*)::int as n from storage_objects where parent = ${rel} and path is not null`,
        countRow,
      );
      const found = await queryRows(
        db,
        sql`select * from storage_objects where parent = ${rel} and path is not null
            order by is_folder desc, name limit ${limit} offset ${offset}`,
        objectRow,
      );
      return {
        total: count?.n ?? 0,
        entries: found.map(entryOf),
      };
    },

    async delete(input) {
      const rel = storagePath(input);
      const deleted = await queryRows(
        db,
        sql`delete from storage_objects where path = ${rel} and not is_folder returning id`,
        idRow,
      );
      return deleted.length > 0;
    },

    async createFolder(input) {
      const rel = storagePath(input);
      await db.transaction(async (tx) => ensureFolders(tx, rel));
    },

    async deleteFolder(input, options) {
      const rel = storagePath(input);
      if (!rel) throw new StorageError('bad-path', 'the root cannot be deleted');
      return db.transaction(async (t) => {
        const [folder] = await queryRows(
          t,
          sql`select is_folder from storage_objects where path = ${rel} for update`,
          z.object({ is_folder: z.boolean() }),
        );
        if (!folder?.is_folder) return false;
        const [inside] = await queryRows(
          t,
          sql`select count(*)::int as n from storage_objects where parent = ${rel} and path is not null`,
          countRow,
        );
        if ((inside?.n ?? 0) > 0 && !options?.recursive) throw new StorageError('not-empty', rel);
        await t.execute(sql`delete from storage_objects where path = ${rel} or path like ${`${escapeLike(rel)}/%`}`);
        return true;
      });
    },

    async move(fromInput, toInput) {
      const from = storagePath(fromInput);
      const to = storagePath(toInput);
      if (!from || !to) throw new StorageError('bad-path', 'the root cannot be moved');
      if (to === from || to.startsWith(`${from}/`))
        throw new StorageError('bad-path', 'a folder cannot be moved into itself');
      await db.transaction(async (t) => {
        const [source] = await queryRows(
          t,
          sql`select id, is_folder from storage_objects where path = ${from}`,
          z.object({ id: int, is_folder: z.boolean() }),
        );
        if (!source) throw new StorageError('not-found', from);
        const [target] = await queryRows(t, sql`select id from storage_objects where path = ${to}`, idRow);
        if (target) throw new StorageError('exists', to);
        const { parent, name } = splitPath(to);
        await ensureFolders(t, parent);
        await t.execute(
          sql`update storage_objects set path = ${to}, parent = ${parent}, name = ${name}, modified_at = now()
              where id = ${source.id}`,
        );
        if (source.is_folder) {
          const n = from.length;
          await t.execute(
            sql`update storage_objects set path = ${to} || substr(path, ${n + 1}),
                parent = ${to} || substr(parent, ${n + 1})
                where path like ${`${escapeLike(from)}/%`}`,
          );
        }
      });
    },
  };
}

/** Deletes the pending rows (and chunks) of uploads cut by a crash or a stop, older than an hour. */
export async function sweepPendingUploads(db: Db): Promise<number> {
  const deleted = await queryRows(
    db,
    sql`delete from storage_objects where path is null and modified_at < now() - interval '1 hour' returning id`,
    idRow,
  );
  return deleted.length;
}
