import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { RANK } from '@portal/contract/constants';
import {
  REFUND_LIMITS,
  REFUND_MESSAGES,
  type RefundFile,
  type RefundFileKind,
  refundFileUrl,
} from '@portal/contract/refunds';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { wholeContentCheck } from '../../lib/storage/content-check.ts';
import { HEAD_BYTES, recognise } from '../../lib/storage/content-type.ts';
import { cleanName } from '../../lib/storage/paths.ts';
import { type Storage, StorageError } from '../../lib/storage/storage.ts';
import { peekHead } from '../../lib/storage/stream-limit.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { type FileRow, type NewFileRow, refundFilesRepository } from './refund-files.repository.ts';

/** A part of a multipart upload (what @fastify/multipart yields, narrowed). */
export type EvidencePart =
  | { type: 'file'; filename: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown };

const MIME: Record<RefundFileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};
const EXT: Record<RefundFileKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic', pdf: 'pdf' };
/** HEIF brands of HEIC pictures (ISO/IEC 23008-12): `ftyp` at byte 4, the major brand after it. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const THUMB = { width: 320, height: 320 };

/** What an evidence file is, by its bytes only (decision 0029); null when it is none of the five. */
export function evidenceKind(head: Buffer): RefundFileKind | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  const found = recognise(head, '');
  if ('refused' in found) return null;
  return found.kind === 'jpeg' || found.kind === 'png' || found.kind === 'webp' || found.kind === 'pdf'
    ? found.kind
    : null;
}

const toFile = (r: FileRow): RefundFile => ({
  id: r.id,
  lineid: r.line_id,
  name: r.name,
  filetype: r.mime,
  size: Number(r.size),
  created_at: new Date(r.created_at).toISOString(),
  url: refundFileUrl(r.id),
  thumbnail_url: r.thumb_path ? refundFileUrl(r.id, true) : null,
});

type Deps = { db: Db; storage: Storage; maxFileBytes?: number; filesPerLine?: number };

/**
 * Evidence files of refund lines (decision 0029): recognised by their bytes (JPEG, PNG, WebP, HEIC, PDF), streamed
 * into the storage (`refunds/<refund>/<line>/<uuid>`: a name the portal makes; the customer's name is kept only to
 * be shown), at most 10 MB each and 5 per line, a WebP thumbnail made once for JPEG, PNG and WebP. An upload is
 * all or nothing. Served only to the refund's client and to staff.
 */
export function refundFilesService({ db, storage, ...limits }: Deps) {
  const maxFileBytes = limits.maxFileBytes ?? REFUND_LIMITS.fileMaxBytes;
  const filesPerLine = limits.filesPerLine ?? REFUND_LIMITS.filesPerLine;
  const repo = refundFilesRepository(db);

  /** A line the caller may add evidence to: their client's, in their cart or requested (not yet received). */
  async function uploadableLine(p: Principal, lineId: number) {
    const line = await repo.line(lineId, p.clientId);
    if (!line || (line.stage === 'cart' && line.user_id !== p.id)) throw notFound();
    if (line.stage !== 'cart' && line.stage !== 'requested') throw badRequest(REFUND_MESSAGES.stateChanged, line.stage);
    return line;
  }

  async function thumbnail(stored: string, target: string): Promise<void> {
    const local = await storage.localFile(stored);
    let input: string | Buffer;
    if (local) input = local;
    else {
      const got = await storage.get(stored);
      if (!got) throw new Error(`the upload ${stored} vanished`);
      const chunks: Buffer[] = [];
      for await (const chunk of got.stream) chunks.push(chunk as Buffer);
      input = Buffer.concat(chunks);
    }
    let out: Buffer;
    try {
      out = await sharp(input, { limitInputPixels: 64_000_000 })
        .rotate()
        .resize(THUMB.width, THUMB.height, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      throw badRequest(REFUND_MESSAGES.fileTypeRefused, 'the picture cannot be read');
    }
    await storage.put(target, out, { contentType: 'image/webp', maxBytes: maxFileBytes });
  }

  return {
    async upload(p: Principal, lineIdQuery: number | undefined, parts: AsyncIterable<EvidencePart>) {
      const stored: string[] = [];
      const rows: NewFileRow[] = [];
      let line: Awaited<ReturnType<typeof uploadableLine>> | null = null;
      let lineId = lineIdQuery;
      let existing = 0;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'lineid' && lineId === undefined) {
              const n = Number(part.value);
              if (!Number.isInteger(n) || n < 1) throw badRequest('WARN_ValidationError', 'lineid');
              lineId = n;
            }
            continue;
          }
          if (!line) {
            if (lineId === undefined) {
              part.file.resume();
              throw badRequest('WARN_ValidationError', 'lineid: required before the files');
            }
            line = await uploadableLine(p, lineId);
            existing = await repo.countOfLine(line.id);
          }
          if (existing + rows.length + 1 > filesPerLine) {
            part.file.resume();
            throw badRequest(REFUND_MESSAGES.tooManyFiles, `at most ${filesPerLine} files per line`);
          }
          const { head, stream } = await peekHead(part.file, HEAD_BYTES);
          const kind = evidenceKind(head);
          if (!kind) {
            stream.destroy();
            part.file.resume();
            throw badRequest(REFUND_MESSAGES.fileTypeRefused, cleanName(path.basename(part.filename || 'file')));
          }
          const base = `${line.refund_id}/${line.id}/${randomUUID()}`;
          const target = `${base}.${EXT[kind]}`;
          stored.push(target);
          // A HEIC picture is checked to its last byte as it is stored (lib/storage/content-check.ts).
          const check = wholeContentCheck(kind);
          const content = check ? pipeline(stream, check, () => undefined) : stream;
          const put = await storage.put(target, content, { contentType: MIME[kind], maxBytes: maxFileBytes });
          let thumb: string | null = null;
          if (kind === 'jpeg' || kind === 'png' || kind === 'webp') {
            thumb = `${base}-thumb.webp`;
            stored.push(thumb);
            await thumbnail(target, thumb);
          }
          rows.push({
            line_id: line.id,
            refund_id: line.refund_id,
            client_accountnum: p.clientId,
            name: cleanName(path.basename((part.filename || '').replaceAll('\\', '/')), `evidencia.${EXT[kind]}`),
            kind,
            mime: MIME[kind],
            size: put.size,
            path: target,
            thumb_path: thumb,
          });
        }
        if (rows.length === 0) throw badRequest(REFUND_MESSAGES.noFiles);
        const inserted = await repo.insertAll(rows);
        return inserted.map(toFile);
      } catch (error) {
        for (const s of stored) await storage.delete(s).catch(() => undefined);
        if (error instanceof StorageError && error.code === 'too-large') {
          throw badRequest(REFUND_MESSAGES.fileTooLarge, `at most ${maxFileBytes} bytes`);
        }
        if (error instanceof StorageError && error.code === 'refused-type') {
          throw badRequest(REFUND_MESSAGES.fileTypeRefused, error.message);
        }
        throw error;
      }
    },

    /** GetFiles: a line's files (the refund's client, or staff). */
    async list(p: Principal, lineId: number): Promise<RefundFile[]> {
      const staff = p.rank >= RANK.admin;
      const line = await repo.line(lineId, staff ? null : p.clientId);
      if (!line || (line.stage === 'cart' && !staff && line.user_id !== p.id)) throw notFound();
      return (await repo.ofLine(lineId)).map(toFile);
    },

    /** A file's bytes (or its thumbnail) for the refund's client or staff. */
    async open(p: Principal, id: number, thumb: boolean) {
      const staff = p.rank >= RANK.admin;
      const row = await repo.file(id, staff ? null : p.clientId);
      if (!row) throw notFound();
      const filePath = thumb ? row.thumb_path : row.path;
      if (!filePath) throw notFound();
      const got = await storage.get(filePath);
      if (!got) throw notFound();
      return { ...got, name: thumb ? `${row.name}.webp` : row.name, kind: row.kind, thumb };
    },

    /** DeleteFile: a file of the caller's line, while it may still change (the cart or requested). */
    async remove(p: Principal, id: number) {
      const row = await repo.file(id, p.clientId);
      if (!row) throw notFound();
      await uploadableLine(p, row.line_id);
      await repo.remove(id);
      for (const s of [row.path, row.thumb_path]) if (s) await storage.delete(s).catch(() => undefined);
    },

    /** The stored paths of a line's files (read before the line goes: its rows go with it). */
    linePaths: (lineId: number, tx: Db = db): Promise<string[]> => repo.linePaths(lineId, tx),

    async dropPaths(paths: string[]) {
      for (const s of paths) await storage.delete(s).catch(() => undefined);
    },
  };
}
export type RefundFilesService = ReturnType<typeof refundFilesService>;
