// Image gallery benchmark (run by `npm run bench`; issue 12, decision 0025). On a copy of the demo database with
// 10,000 gallery images (the large scale's count, seeded here with `seedImages`): the gallery page (getimages/ of
// random pages and sizes) for one user and under load, a thumbnail served (hashed URL, no token) and its 304, and
// the server's RSS growth while 20 photos of 5 MB are uploaded in one request. Budgets (DESIGN §7, issue 12):
// gallery page p95 <= 30 ms, thumbnail p95 <= 5 ms, RSS growth < 50 MB.
//   BENCH_STORAGE=database keeps the files in the database instead of DATA_DIR/storage;
//   BENCH_DATABASE_URL=postgres://… runs on a throwaway copy of the test template on that PostgreSQL server.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedImages } from '../apps/server/src/db/seed/images.ts';
import {
  accessToken,
  type BenchFigures,
  loadClient,
  measureGets,
  printFigures,
  root,
  startPortal,
  stopPortal,
  templateCopy,
} from './bench-support.ts';

const port = Number(process.env.BENCH_PORT ?? 3316);
const base = `http://127.0.0.1:${port}`;
const storageKind = process.env.BENCH_STORAGE === 'database' ? 'database' : 'directory';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const copy = await templateCopy('images');
const env = { ...copy.env, STORAGE: storageKind };
const dbKind = copy.kind;
{
  const seeded = performance.now();
  const database = await copy.open();
  await seedImages(database, loadConfig({ ...process.env, ...env }).storage, 'large');
  await database.close();
  console.log(
    `\nImages: 10,000 gallery rows seeded in ${Math.round(performance.now() - seeded)} ms (${dbKind}, ${storageKind} storage)`,
  );
}

// As `npm start` runs it (scripts/start.mjs): two malloc arenas (decision 0025).
const server = await startPortal(port, {
  ...env,
  ERP_IMPORT_INTERVAL_SECONDS: '0',
  MAIL_INTERVAL_SECONDS: '0',
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
});
const admin = await accessToken(base, 'admin');
const buyer = await accessToken(base, 'buyer');
const client = loadClient(base, CONNECTIONS);

const results: BenchFigures[] = [];
const measure = async (
  title: string,
  budget: number,
  connections: number,
  count: number,
  url: (i: number) => string,
  headers: Record<string, string> = {},
  status = 200,
) => results.push(await measureGets(client, { title, budget, connections, count, url }, headers, status));

const sizes = [15, 30, 45];
const page = (i: number) => {
  const psize = sizes[i % 3]!;
  const pindex = (i * 7919) % Math.floor(10_000 / psize);
  return `/api/inimage/getimages/?id=1&pindex=${pindex}&psize=${psize}`;
};
const auth = { authorization: `Bearer ${buyer}` };
// Warm-up, then one user paging, then under load.
await measure('warm-up', Number.POSITIVE_INFINITY, 4, 100, page, auth);
results.length = 0;
await measure('gallery page (getimages/), 1 user', 30, 1, 300, page, auth);
await measure(`gallery page (getimages/), ${CONNECTIONS} connections`, 30, CONNECTIONS, 20 * CONNECTIONS, page, auth);
await measure('gallery count (getimagescount/), 1 user', 30, 1, 200, () => '/api/inimage/getimagescount/', auth);

const firstPage = JSON.parse((await client.get('/api/inimage/getimages/?psize=45', auth)).body) as {
  thumbnail_url: string;
}[];
const thumbs = firstPage.map((i) => i.thumbnail_url);
await measure('thumbnail (hashed URL, no token), 1 user', 5, 1, 500, (i) => thumbs[i % thumbs.length]!);
await measure(
  `thumbnail, ${CONNECTIONS} connections`,
  5,
  CONNECTIONS,
  20 * CONNECTIONS,
  (i) => thumbs[i % thumbs.length]!,
);
const etag = (await fetch(`${base}${thumbs[0]}`)).headers.get('etag') ?? '';
await measure(
  'thumbnail revalidated (If-None-Match: 304), 1 user',
  5,
  1,
  500,
  () => thumbs[0]!,
  { 'if-none-match': etag },
  304,
);

// 20 photos of about 5 MB each (noise compresses badly, like a camera's JPEG), in one upload request.
const photos: Buffer[] = [];
for (let n = 0; n < 20; n++) {
  photos.push(
    await sharp({
      create: {
        width: 2950,
        height: 2150,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 110 + n, sigma: 70 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
}
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const before = rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 50);
const body = new FormData();
for (const [n, p] of photos.entries()) body.append('file', new Blob([p], { type: 'image/jpeg' }), `foto-${n + 1}.jpg`);
const uploadStarted = performance.now();
const uploaded = await fetch(`${base}/api/inimage/upload`, {
  method: 'POST',
  headers: { authorization: `Bearer ${admin}` },
  body,
});
const uploadMs = performance.now() - uploadStarted;
clearInterval(sampler);
peak = Math.max(peak, rss());
if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
const megabytes = photos.reduce((s, p) => s + p.length, 0) / 1024 / 1024;

client.close();
await stopPortal(server);
await copy.remove();

printFigures('images call', results);
console.log(
  `\nUpload of 20 photos (${megabytes.toFixed(0)} MB, ${dbKind}, ${storageKind} storage) in ${Math.round(uploadMs)} ms: server RSS ${Math.round(before)} → peak ${Math.round(peak)} MB, growth ${Math.round(peak - before)} MB (budget < 50 MB)`,
);
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-results/bench-images.json'),
  JSON.stringify(
    { storage: storageKind, runs: results, upload: { megabytes, ms: uploadMs, rssBefore: before, rssPeak: peak } },
    null,
    2,
  ),
);
