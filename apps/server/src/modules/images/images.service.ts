import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  IMAGE_GROUP,
  IMAGE_LIMITS,
  IMAGE_MESSAGES,
  IMAGE_SLOTS,
  type Image,
  type ImageSlot,
  imageUrl,
} from '@portal/contract/images';
import { processImage, UnreadableImage } from '../../lib/image-processing.ts';
import { HEAD_BYTES, IMAGE_KINDS, recognise } from '../../lib/storage/content-type.ts';
import { cleanName } from '../../lib/storage/paths.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { peekHead } from '../../lib/storage/stream-limit.ts';
import { storageRefusal } from '../../lib/storage/upload-errors.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { ImageRow, ImagesRepository, SlotFile } from './images.repository.ts';

/** A file part of a multipart upload (what @fastify/multipart yields, narrowed). */
export type UploadPart = { type: 'file'; filename: string; file: Readable } | { type: 'field' };

const SLOT_NAMES = { 1: 'thumbnail', 2: 'medium', 3: 'banner', 4: 'original' } as const;

export const toImage = (r: ImageRow): Image => ({
  id: r.id,
  name: r.name,
  description: r.description,
  mime: r.mime,
  width: r.width,
  height: r.height,
  size: Number(r.size),
  hash: r.content_hash,
  created_at: new Date(r.created_at).toISOString(),
  thumbnail_url: imageUrl(r.id, r.content_hash, 1),
  medium_url: imageUrl(r.id, r.content_hash, 2),
  banner_url: imageUrl(r.id, r.content_hash, 3),
  url: imageUrl(r.id, r.content_hash, 4),
});

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The name shown for an uploaded file: its cleaned name without the extension. */
export function displayName(fileName: string): string {
  const base = cleanName(path.basename(fileName.replaceAll('\\', '/')), 'imagen');
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '') || base;
  return stem.slice(0, IMAGE_LIMITS.nameMax);
}

type Deps = { repo: ImagesRepository; storage: Storage; maxFileBytes: number; maxFiles: number };

/**
 * Where a served slot's bytes are, kept in memory for a minute (at most 5,000 slots): a slot's file never changes
 * under its image, so the thumbnails of a page cost no query on reload-free revisits (issue 12's thumbnail budget).
 * A delete here forgets the image at once; a delete on another instance is seen within the minute (its files are
 * gone, so the slot answers 404 unless another image shares them).
 */
const SLOT_CACHE_MS = 60_000;
const SLOT_CACHE_MAX = 5000;

/**
 * The gallery's rules. An upload is all or nothing: each file is recognised by its bytes (images only; an
 * executable or SVG under any name is refused), streamed into the storage with the per-file limit enforced on the
 * way, turned into its four slots once, and recorded; when any file is refused the images already made by the same
 * request are removed, so nothing of a refused request stays.
 */
export function imagesService({ repo, storage, maxFileBytes, maxFiles }: Deps) {
  const slotCache = new Map<string, { at: number; file: SlotFile }>();

  async function slotFile(id: number, slot: ImageSlot): Promise<SlotFile | null> {
    const key = `${id}:${slot}`;
    const hit = slotCache.get(key);
    if (hit && Date.now() - hit.at < SLOT_CACHE_MS) return hit.file;
    const file = await repo.slotFile(id, slot);
    slotCache.delete(key);
    if (file) {
      if (slotCache.size >= SLOT_CACHE_MAX) slotCache.delete(slotCache.keys().next().value as string);
      slotCache.set(key, { at: Date.now(), file });
    }
    return file;
  }

  async function removeFolders(folders: string[]) {
    for (const folder of folders) await storage.deleteFolder(folder, { recursive: true }).catch(() => undefined);
  }

  /** Stores one uploaded file's slots; answers the new image row. */
  async function storeOne(part: { filename: string; file: Readable }, createdBy: string | null, folder: string) {
    const { head, stream } = await peekHead(part.file, HEAD_BYTES);
    const found = recognise(head, part.filename);
    if ('refused' in found || !IMAGE_KINDS.includes(found.kind)) {
      stream.destroy();
      const why = 'refused' in found ? found.refused : found.kind;
      throw new AppError(415, IMAGE_MESSAGES.typeRefused, `${part.filename}: ${why}`);
    }
    const incoming = `${folder}/upload`;
    const stored = await storage.put(incoming, stream, { contentType: found.contentType, maxBytes: maxFileBytes });
    // From its file when the storage keeps one on this disk; else its bytes, read once.
    const local = await storage.localFile(incoming);
    const got = local ? null : await storage.get(incoming);
    if (!local && !got) throw new Error(`the upload ${incoming} vanished`);
    const input = local ?? (await readAll(got!.stream));
    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await processImage(input, found.kind, async (slot, content, type) => {
        const p = `${folder}/${SLOT_NAMES[slot]}.${type.ext}`;
        return (await storage.put(p, content, { contentType: type.mime, maxBytes: maxFileBytes * 4 })).size;
      });
    } catch (error) {
      if (error instanceof UnreadableImage) throw new AppError(415, IMAGE_MESSAGES.unreadable, part.filename);
      throw error;
    }
    const slots = processed.slots.map((out) => ({
      slot: out.slot,
      path: `${folder}/${SLOT_NAMES[out.slot]}.${out.ext}`,
      mime: out.mime,
      width: out.width,
      height: out.height,
      size: out.size,
    }));
    await storage.delete(incoming);
    const whole = slots.find((s) => s.slot === 4)!;
    return repo.insert({
      group: IMAGE_GROUP,
      name: displayName(part.filename),
      description: '',
      contentHash: stored.sha256,
      mime: whole.mime,
      width: processed.width,
      height: processed.height,
      size: whole.size,
      createdBy,
      slots,
    });
  }

  return {
    async page(group: number, pindex: number, psize: number): Promise<Image[]> {
      return (await repo.page(group, pindex * psize, psize)).map(toImage);
    },

    count: (group: number) => repo.count(group),

    async upload(parts: AsyncIterable<UploadPart>, createdBy: string | null): Promise<Image[]> {
      const created: ImageRow[] = [];
      const folders: string[] = [];
      let files = 0;
      try {
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          files += 1;
          if (files > maxFiles) {
            part.file.resume();
            throw new AppError(413, IMAGE_MESSAGES.tooMany, `at most ${maxFiles} files per request`);
          }
          const folder = randomUUID();
          folders.push(folder);
          created.push(await storeOne(part, createdBy, folder));
        }
        if (files === 0) throw badRequest(IMAGE_MESSAGES.noImages);
        return created.map(toImage);
      } catch (error) {
        for (const row of created) await repo.delete(row.id).catch(() => undefined);
        await removeFolders(folders);
        throw storageRefusal(error);
      }
    },

    async update(id: number, name: string, description: string): Promise<Image | null> {
      const row = await repo.update(id, name, description);
      return row ? toImage(row) : null;
    },

    /** Deletes an image and the files of its slots (those no other image shares). False when none. */
    async remove(id: number): Promise<boolean> {
      const unused = await repo.delete(id);
      for (const slot of Object.values(IMAGE_SLOTS)) slotCache.delete(`${id}:${slot}`);
      if (unused === null) return false;
      for (const p of unused) await storage.delete(p).catch(() => undefined);
      const folders = new Set(unused.map((p) => p.split('/').slice(0, -1).join('/')).filter(Boolean));
      for (const f of folders) await storage.deleteFolder(f).catch(() => undefined);
      return true;
    },

    slotFile,
    storage,
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
