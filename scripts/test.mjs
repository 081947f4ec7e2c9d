// `npm test`: typecheck, lint, import boundaries, unit and API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in Debian's Chromium. Stops at the first red step.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const counts = { passed: 0, failed: 0 };
const steps = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`--- ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  steps.push(`${title}: ${seconds} s`);
  return res.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  counts.passed += report.stats?.expected ?? 0;
  counts.failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.stats?.skipped ?? 0);
}

function finish(ok) {
  console.log(`\nTime per step:\n  ${steps.join('\n  ')}`);
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
  process.exit(ok && counts.failed === 0 ? 0 : 1);
}

/**
 * The journeys' browser: CHROMIUM_PATH, else Debian's headless shell (Chromium's headless build: the same Blink without
 * the desktop browser's extra processes, a fifth less CPU per journey; decision 0079), else Debian's Chromium.
 */
function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

/** Runs commands at the same time, each line of their output prefixed by its label; true when all succeed. */
async function runParallel(title, jobs) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const codes = await Promise.all(
    jobs.map(
      (job) =>
        new Promise((resolve) => {
          const child = spawn(npx, job.args, { cwd: root, env: { ...process.env, ...job.env } });
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.on('data', (chunk) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) console.log(`[${job.label}] ${line}`);
            });
            stream.on('end', () => rest && console.log(`[${job.label}] ${rest}`));
          }
          child.on('exit', (code) => resolve(code));
        }),
    ),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = codes.every((c) => c === 0);
  console.log(`--- ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
  steps.push(`${title}: ${seconds} s`);
  return ok;
}

const npx = 'npx';

/**
 * Seconds each journey file takes (the sum of its tests' durations): the files are dealt to the shards longest first,
 * each to the shard with the least so far, so the shards end together. Only the proportions matter. Every file of
 * apps/web/e2e runs, listed or not; one not listed counts as 20 s.
 * Where the figures come from: a clean-clone CI run (three shards side by side), except ten files run alone on the
 * 2-core development machine on 2026-11-27 (`E2E_SCREENSHOTS=0 npx playwright test -c apps/web/playwright.config.ts
 * <file>`, load average 11-25 from other work): dialogs (after its rework; it was missing and counted 20 s, and took
 * 320 s in CI, the longest file), cart-checkout, doc-search, erp-connect, erp-names, lists-from-documents, phones,
 * dashboard-summary, languages and scroll-top. Those are divided by 4.9, the ratio of that machine's seconds to the
 * table's for the five of them listed before (cart-checkout, doc-search, erp-connect, lists-from-documents, phones).
 */
const JOURNEY_SECONDS = {
  'dialogs.spec.ts': 187,
  'grids-layout.spec.ts': 132,
  'a11y-screens.spec.ts': 121,
  'languages.spec.ts': 105,
  'cart-checkout.spec.ts': 83,
  'catalog.spec.ts': 76,
  'catalogue-stock-first-results.spec.ts': 65,
  'content-structure.spec.ts': 57,
  'rules.spec.ts': 46,
  'access.spec.ts': 44,
  'integrations.spec.ts': 42,
  'posts.spec.ts': 40,
  'document-files.spec.ts': 37,
  'external-sign-in.spec.ts': 37,
  'erp-connect.spec.ts': 36,
  'maps.spec.ts': 35,
  'people.spec.ts': 35,
  'phones.spec.ts': 35,
  'doc-search.spec.ts': 33,
  'media-files.spec.ts': 33,
  'lists.spec.ts': 31,
  'returns.spec.ts': 31,
  'erp-names.spec.ts': 29,
  'documents.spec.ts': 25,
  'quick-order.spec.ts': 22,
  'stats.spec.ts': 22,
  'error-popups.spec.ts': 20,
  'media-images.spec.ts': 20,
  'widgets.spec.ts': 19,
  'lists-from-documents.spec.ts': 18,
  'mail-outbox.spec.ts': 18,
  'stock-alerts.spec.ts': 17,
  'dashboard-summary.spec.ts': 16,
  'sign-in-return.spec.ts': 15,
  'register.spec.ts': 14,
  'sign-in.spec.ts': 11,
  'stores.spec.ts': 11,
  'quantities.spec.ts': 10,
  'sync.spec.ts': 9,
  'session.spec.ts': 8,
  'web-order-status.spec.ts': 7,
  'profile-link.spec.ts': 4,
  'a11y-rare-screens.spec.ts': 4,
  'scroll-top.spec.ts': 4,
  'web-context.spec.ts': 3,
  'redirects.spec.ts': 2,
};

/**
 * The seconds of each file in the journeys' reports of an earlier run of this checkout (test-results/playwright-N.json,
 * read before they are removed), else the table. A file the reports miss gets its table figure scaled by the files
 * found in both, so that a report from a slower or faster machine keeps the proportions. CI starts from a clean clone:
 * there the table is the reference.
 */
function journeySeconds() {
  const measured = {};
  const walk = (suite, file) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) measured[f] = (measured[f] ?? 0) + (r.duration ?? 0) / 1000;
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (let i = 1; i <= SHARDS; i++) {
    const report = path.join(results, `playwright-${i}.json`);
    if (!fs.existsSync(report)) continue;
    try {
      for (const suite of JSON.parse(fs.readFileSync(report, 'utf8')).suites ?? []) walk(suite, undefined);
    } catch {
      // A report cut short (a run stopped midway) is not used.
    }
  }
  const both = Object.keys(measured).filter((f) => JOURNEY_SECONDS[f]);
  const table = both.reduce((sum, f) => sum + JOURNEY_SECONDS[f], 0);
  const scale = table > 0 ? both.reduce((sum, f) => sum + measured[f], 0) / table : 1;
  return (f) => measured[f] ?? (JOURNEY_SECONDS[f] ?? 20) * scale;
}

function journeyShards(count, secondsOf) {
  const files = fs
    .readdirSync(path.join(root, 'apps/web/e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ f, s: secondsOf(f) }))
    .sort((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  const shards = Array.from({ length: count }, () => ({ files: [], s: 0 }));
  for (const { f, s } of files) {
    const least = shards.reduce((min, shard) => (shard.s < min.s ? shard : min));
    least.files.push(`apps/web/e2e/${f}`);
    least.s += s;
  }
  return shards.map((shard) => shard.files);
}
const SHARDS = 3;
// Read before the reports are removed below.
const journeySecondsOf = journeySeconds();
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/${name}.json`];

for (const name of ['vitest-pglite', 'vitest-postgres', 'playwright-1', 'playwright-2', 'playwright-3'])
  fs.rmSync(path.join(results, `${name}.json`), { force: true });

// The demo database template (decision 0018) is built meanwhile on the other core: the typecheck uses one.
const templateLog = path.join(results, 'test-template.log');
const templateStarted = Date.now();
const template = new Promise((resolve) => {
  const out = fs.openSync(templateLog, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/test-template.ts'], {
    cwd: root,
    stdio: ['ignore', out, out],
  });
  child.on('exit', (code) => resolve(code === 0));
});

if (!run('typecheck', 'npm', ['run', '--silent', 'typecheck'])) finish(false);
if (!run('lint (biome)', npx, ['biome', 'check', '--error-on-warnings', '.'])) finish(false);
if (!run('import boundaries', 'node', ['scripts/check-boundaries.mjs'])) finish(false);
// The compiled server and the web app, built once while the template is still being made: `npm start`'s test finds them
// fresh (it would build them itself otherwise), and the journeys serve the web app.
if (!run('build (server and web)', 'npm', ['run', '--silent', 'build'])) finish(false);

const browser = chromiumPath();
if (!browser) {
  console.error(
    "\nNo Chromium found for the browser journeys. Install Debian's: `apt-get install -y chromium-headless-shell chromium`, or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

const templateOk = await template;
console.log(`\n${fs.readFileSync(templateLog, 'utf8').trim()}`);
steps.push(`test database template (beside the steps above): ${((Date.now() - templateStarted) / 1000).toFixed(1)} s`);
if (!templateOk) finish(false);

let ok = run('unit and API tests (PGlite)', npx, ['vitest', 'run', ...vitestJson('vitest-pglite')]);
countVitest(path.join(results, 'vitest-pglite.json'));
if (!ok) finish(false);

if (process.env.TEST_DATABASE_URL) {
  ok = run('API tests (PostgreSQL)', npx, ['vitest', 'run', 'apps/server', ...vitestJson('vitest-postgres')], {
    TEST_DB_KIND: 'postgres',
  });
  countVitest(path.join(results, 'vitest-postgres.json'));
  if (!ok) finish(false);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)');
}

// The journeys run as three shards side by side, each with its own server on its own copy of the template (its own
// E2E_PORT) and one browser: a file's journeys stay together in one shard, in order, as they run alone.
const shards = journeyShards(SHARDS, journeySecondsOf);
ok = await runParallel(
  'browser journeys (Playwright + Chromium)',
  shards.map((files, i) => ({
    label: `shard ${i + 1}/${SHARDS}`,
    args: ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...files],
    env: {
      CHROMIUM_PATH: browser,
      E2E_PORT: String(3100 + i),
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, `playwright-${i + 1}.json`),
      // Nobody looks at CI's screenshots: none are taken there (they cost a fifth of the journeys' time).
      ...(process.env.CI ? { E2E_SCREENSHOTS: '0' } : {}),
    },
  })),
);
for (let i = 1; i <= SHARDS; i++) countPlaywright(path.join(results, `playwright-${i}.json`));
finish(ok);
