import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';

/** Test pictures drawn with sharp: a JPEG (optionally with an EXIF orientation and a GPS-bearing comment) or a PNG. */
export async function jpegFixture(width = 640, height = 480, orientation?: number): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg();
  return (orientation ? img.withMetadata({ orientation }) : img).toBuffer();
}

export const pngFixture = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

export type FilePart = { field?: string; name: string; content: Buffer; type?: string };

/** A multipart/form-data body of files (and fields), as a browser sends it. */
export function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart body whose one file starts like a JPEG and then never ends: 64 KiB of filler at a time on demand
 * until `stallAfter` bytes, then nothing more, the request left open. A server that waits for the whole body
 * never answers it; one that enforces its limit while streaming does. `state.pulled` says how much was sent.
 */
export function streamingUpload(name: string, stallAfter: number) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const state = { pulled: 0 };
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x55);
  chunk[0] = 0xff;
  chunk[1] = 0xd8;
  chunk[2] = 0xff;
  let sent = 0;
  let first = true;
  const stream = new Readable({
    read() {
      if (first) {
        first = false;
        this.push(head);
      }
      if (sent >= stallAfter) return;
      const part = sent === 0 ? chunk : Buffer.alloc(chunk.length, 0x55);
      sent += part.length;
      state.pulled = sent;
      this.push(part);
    },
  });
  return { stream, state, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
