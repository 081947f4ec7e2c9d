import type { Readable } from 'node:stream';
import { IMAGE_SLOT_SIZES, type ImageSlot } from '@portal/contract/images';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ContentKind } from './storage/content-type.ts';

// libvips' operation cache keeps decoded images around between calls: an upload server has nothing to reuse. One
// libvips thread per image: each thread holds its own buffers (and malloc arena), and uploads are processed one
// image at a time anyway; measured by `npm run bench` (the server's RSS during 20 × 5 MB uploads).
sharp.cache(false);
sharp.concurrency(1);

/** A decompression bomb (a small file of a huge picture) is refused past this many pixels. */
const MAX_INPUT_PIXELS = 64_000_000;

export type SlotOutput = { slot: ImageSlot; mime: string; ext: string; width: number; height: number; size: number };
export type ProcessedImage = { width: number; height: number; slots: SlotOutput[] };
/** Stores one slot's bytes as they are encoded; answers how many bytes were stored. */
export type SlotWriter = (slot: ImageSlot, content: Readable, type: { mime: string; ext: string }) => Promise<number>;

/** The image could not be decoded (truncated, corrupt, too many pixels). */
export class UnreadableImage extends Error {}

/**
 * The four slots of an image (spec part 2 §9), made once at upload: 1 thumbnail, 2 medium, 3 banner as WebP, and
 * 4 the whole image (at most 4096 px a side) in its own format (GIF as PNG, its first frame). Every output is
 * turned upright by its EXIF orientation and carries no metadata (no GPS position, no camera serial). Each slot is
 * streamed to `write` as it is encoded, one after the other, so no slot's bytes are held whole in memory. `input`
 * is the image's bytes or the path of its file (read by libvips itself, never copied into the server's memory).
 */
export async function processImage(
  input: Buffer | string,
  kind: ContentKind,
  write: SlotWriter,
): Promise<ProcessedImage> {
  const base = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    animated: false,
    // Decoded in strips as the resize needs them, not whole: a 6 Mpx photo never sits in memory uncompressed.
    sequentialRead: true,
  }).rotate();
  let meta: Metadata;
  try {
    meta = await base.metadata();
  } catch (error) {
    throw new UnreadableImage((error as Error).message);
  }
  const slots: SlotOutput[] = [];
  for (const slot of [1, 2, 3, 4] as const) {
    const size = IMAGE_SLOT_SIZES[slot];
    let pipeline = base.clone().resize({
      width: size.width,
      height: size.height,
      fit: size.fit,
      // The thumbnail keeps the part of the picture that draws the eye; the banner its centre (cheaper).
      position: slot === 1 ? 'attention' : 'centre',
      withoutEnlargement: slot === 4 || size.fit === 'inside',
    });
    let mime = 'image/webp';
    let ext = 'webp';
    if (slot !== 4) pipeline = pipeline.webp({ quality: 80, effort: 2 });
    else if (kind === 'jpeg') {
      pipeline = pipeline.jpeg({ quality: 88 });
      mime = 'image/jpeg';
      ext = 'jpg';
    } else if (kind === 'webp') pipeline = pipeline.webp({ quality: 90, effort: 2 });
    else {
      pipeline = pipeline.png({ compressionLevel: 8 });
      mime = 'image/png';
      ext = 'png';
    }
    let info: OutputInfo | undefined;
    let failed: Error | undefined;
    pipeline.on('info', (i: OutputInfo) => {
      info = i;
    });
    pipeline.on('error', (error: Error) => {
      failed = error;
    });
    let stored: number;
    try {
      stored = await write(slot, pipeline, { mime, ext });
    } catch (error) {
      // The encoder's own failure (a picture that decodes badly past its header) is the image's fault.
      if (failed) throw new UnreadableImage(failed.message);
      throw error;
    }
    if (failed) throw new UnreadableImage(failed.message);
    if (!info) throw new UnreadableImage('no output');
    slots.push({ slot, mime, ext, width: info.width, height: info.height, size: stored });
  }
  // The upright size: EXIF orientations 5 to 8 turn the picture a quarter.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  return { width, height, slots };
}
