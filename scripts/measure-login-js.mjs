#!/usr/bin/env node
/**
 * Sums the gzip size of the JavaScript that /login loads, from the built web app (apps/web/dist):
 * the entry chunk named in index.html and every chunk it imports statically (per the Vite manifest); the /login
 * screen is imported by the entry (decision 0087), and would be counted with its own chunk if it had one. Budget (DESIGN §7): 300 KB gzip.
 *
 *   npm run build -w apps/web && node scripts/measure-login-js.mjs [--json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const BUDGET_BYTES = 300 * 1024;
const LOGIN_ROUTE = 'src/features/account/routes/login.tsx';

function fail(message) {
  console.error(message);
  process.exit(2);
}

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath))
  fail(`No ${manifestPath}: run "npm run build -w apps/web" first (build.manifest is on).`);
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// Files that index.html itself loads: module scripts and module preloads.
const htmlFiles = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g),
].map((m) => m[1]);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) fail('No entry chunk in the manifest.');

const files = new Set(htmlFiles.filter((f) => f.endsWith('.js')));
const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
if (manifest[LOGIN_ROUTE]) collect(LOGIN_ROUTE);

const rows = [...files].map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const raw = rows.reduce((sum, r) => sum + r.raw, 0);

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({ totalGzipBytes: total, totalRawBytes: raw, budgetBytes: BUDGET_BYTES, files: rows }, null, 2),
  );
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows) console.log(`${kb(r.gzip).padStart(10)}  ${kb(r.raw).padStart(10)}  ${r.file}`);
  console.log(
    `${kb(total).padStart(10)}  ${kb(raw).padStart(10)}  total JS for /login (gzip, raw); budget ${kb(BUDGET_BYTES)}`,
  );
}
process.exit(total <= BUDGET_BYTES ? 0 : 1);
