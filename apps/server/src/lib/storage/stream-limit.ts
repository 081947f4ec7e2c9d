import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { StorageError } from './storage.ts';

/**
 * Counts and hashes the bytes going through, and fails with StorageError 'too-large' as soon as more than
 * `maxBytes` have come (the upload is cut there: the rest is never read into memory or stored).
 */
export class LimitedHash extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new StorageError('too-large', `more than ${this.maxBytes} bytes`));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

export const toStream = (content: Readable | Buffer): Readable =>
  Buffer.isBuffer(content) ? Readable.from([content]) : content;

/**
 * Reads the first `bytes` bytes of a stream (fewer when it is shorter) and answers them with a stream that
 * still yields the whole content, so that a file can be recognised before it is stored.
 */
export async function peekHead(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  let finished = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    taken.push(chunk);
    length += chunk.length;
  }
  const all = Buffer.concat(taken);
  async function* rest() {
    try {
      if (all.length > 0) yield all;
      if (finished) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    } finally {
      // Stopped early (a refusal): the source is released, not left half read.
      if (!finished) await iterator.return?.();
    }
  }
  return { head: all.subarray(0, bytes), stream: Readable.from(rest(), { objectMode: false }) };
}
