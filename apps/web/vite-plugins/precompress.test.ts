import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it("writes each text file's Brotli and gzip forms beside it, and leaves alone what gains nothing", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = Array.from({ length: 300 }, (_, i) => `export const value${i} = "${'x'.repeat(i % 7)}";`).join('\n');
    const css = Array.from({ length: 100 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('');
    const page = `<!doctype html><title>portal</title>${'<p>text</p>'.repeat(200)}`;
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.css'), css);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-1.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(dir, 'assets', 'logo-1.png'), Buffer.alloc(4096, 7));

    const written = await precompressDir(dir);

    expect(written.map((w) => w.file).sort()).toEqual([
      path.join('assets', 'app-1.css'),
      path.join('assets', 'app-1.js'),
    ]);
    for (const [name, text] of [
      ['app-1.js', js],
      ['app-1.css', css],
    ] as const) {
      const file = path.join(dir, 'assets', name);
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(text);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(text);
      expect(fs.statSync(`${file}.br`).size).toBeLessThan(text.length);
    }
    // The page (its context is written in per request), a file under 1 KB and a picture: as they are.
    expect(fs.readdirSync(dir).sort()).toEqual(['assets', 'index.html']);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'app-1.css',
      'app-1.css.br',
      'app-1.css.gz',
      'app-1.js',
      'app-1.js.br',
      'app-1.js.gz',
      'logo-1.png',
      'tiny-1.js',
    ]);
  });
});
