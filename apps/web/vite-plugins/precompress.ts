import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this, the headers of an encoded answer outweigh what it saves. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Writes `name.br` (Brotli at its best quality) and `name.gz` (gzip level 9) beside each compressible file of `dir`
 * of at least 1 KB, but `index.html` (the server writes the host's context into it on every request), when the
 * encoding makes it smaller. The server sends them as the file's encoded forms (decision 0100). Returns each file
 * compressed (relative to `dir`) with its size and its two encoded sizes, whether or not a form was kept.
 */
export async function precompressDir(dir: string): Promise<{ file: string; bytes: number; br: number; gz: number }[]> {
  const files = filesUnder(dir).filter(
    (f) => COMPRESSIBLE.test(f) && path.relative(dir, f) !== 'index.html' && fs.statSync(f).size >= MIN_BYTES,
  );
  // zlib's asynchronous calls run on libuv's threads: the files are compressed on every core at once.
  return Promise.all(
    files.map(async (file) => {
      const body = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < body.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < body.length) await fs.promises.writeFile(`${file}.gz`, gz);
      return { file: path.relative(dir, file), bytes: body.length, br: br.length, gz: gz.length };
    }),
  );
}

/**
 * The production build's files compressed once, at their best, instead of by the server on every request (issue 25:
 * Ant Design's chunk was 389 KB gzip on the fly, 309 KB as Brotli 11; the server spent 130 ms of CPU on it per cold
 * load).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const written = await precompressDir(outDir);
        const sum = (k: 'bytes' | 'br' | 'gz') => written.reduce((s, w) => s + w[k], 0);
        const kb = (n: number) => `${Math.round(n / 1024)} KB`;
        this.info(
          `${written.length} files precompressed: ${kb(sum('bytes'))} → ${kb(sum('br'))} Brotli, ${kb(sum('gz'))} gzip`,
        );
      },
    },
  };
}
