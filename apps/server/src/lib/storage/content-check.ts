import { Transform, type TransformCallback } from 'node:stream';
import { StorageError } from './storage.ts';

/**
 * What is served to browsers is checked for what it is to its last byte, not only by its first ones (decision 0052):
 * a file recognised as text (CSV, plain text) holds no markup and no control character anywhere, and a HEIC picture is
 * a chain of ISO base media boxes that ends exactly where the file ends. Other kinds are already read whole (pictures
 * by the thumbnailer) or served only as downloads (PDF, workbooks). The stream fails with StorageError 'refused-type'
 * at the first byte that gives the file away, and nothing is stored.
 */
export function wholeContentCheck(kind: string): Transform | null {
  if (kind === 'csv' || kind === 'text') return new TextCheck();
  if (kind === 'heic') return new BoxChainCheck();
  return null;
}

/** Markup a browser would render or run, wherever it is in a text. */
const MARKUP =
  /<\s*(svg|script|html|iframe|frame|object|embed|body|head|meta|link|style|img|form|base|math|!doctype|\?xml)[\s/>]/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what text does not hold.
const CONTROL = /[\u0000-\u0008\u000e-\u001f]/;
/** Enough of the previous chunk to find a tag cut in two. */
const OVERLAP = 32;

class TextCheck extends Transform {
  private tail = '';
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const text = this.decoder.decode(chunk, { stream: true });
    const window = this.tail + text;
    if (CONTROL.test(text)) return done(new StorageError('refused-type', 'a control character in a text file'));
    if (MARKUP.test(window)) return done(new StorageError('refused-type', 'markup in a text file'));
    this.tail = window.slice(-OVERLAP);
    done(null, chunk);
  }
}

/** The top-level boxes of a HEIF file (ISO/IEC 14496-12, 23008-12). */
const TOP_LEVEL_BOXES = new Set([
  'ftyp',
  'meta',
  'mdat',
  'moov',
  'moof',
  'mfra',
  'free',
  'skip',
  'wide',
  'uuid',
  'pdin',
  'styp',
  'sidx',
  'ssix',
  'prft',
  'etyp',
  'otyp',
  'idat',
]);

class BoxChainCheck extends Transform {
  /** Bytes of the current box's body still to pass. */
  private skip = 0;
  /** The bytes of a box header being read (8, or 16 with a 64-bit size). */
  private header = Buffer.alloc(0);
  /** A box of size 0 runs to the end of the file. */
  private toEnd = false;
  private boxes = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let at = 0;
    while (at < chunk.length && !this.toEnd) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const need = this.header.length >= 8 && this.header.readUInt32BE(0) === 1 ? 16 : 8;
      const n = Math.min(need - this.header.length, chunk.length - at);
      this.header = Buffer.concat([this.header, chunk.subarray(at, at + n)]);
      at += n;
      if (this.header.length < need) continue;
      const size32 = this.header.readUInt32BE(0);
      const type = this.header.toString('latin1', 4, 8);
      if (!TOP_LEVEL_BOXES.has(type) || (this.boxes === 0 && type !== 'ftyp'))
        return done(new StorageError('refused-type', `not a HEIF box: ${JSON.stringify(type)}`));
      if (size32 === 1 && this.header.length < 16) continue;
      const headerLength = size32 === 1 ? 16 : 8;
      const size = size32 === 1 ? Number(this.header.readBigUInt64BE(8)) : size32;
      this.header = Buffer.alloc(0);
      this.boxes++;
      if (size32 === 0) this.toEnd = true;
      else if (size < headerLength) return done(new StorageError('refused-type', `a HEIF box of ${size} bytes`));
      else this.skip = size - headerLength;
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    const whole = this.toEnd || (this.boxes > 0 && this.skip === 0 && this.header.length === 0);
    done(whole ? null : new StorageError('refused-type', 'the HEIF boxes do not end where the file ends'));
  }
}
