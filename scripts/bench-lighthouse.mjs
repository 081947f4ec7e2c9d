// `npm run bench -- lighthouse` (or `node scripts/bench-lighthouse.mjs`): Lighthouse 12, mobile (the default form
// factor and simulated throttling), on /login and on signed-in pages (a customer's session stored as the app stores
// it, kept by Lighthouse's `disableStorageReset`), against the built web app served by the real server on the embedded
// database (PGlite; no PostgreSQL needed). Runs LIGHTHOUSE_RUNS times (default 3) per page and reports each page's
// median run: Performance, Accessibility, Best practices, FCP, LCP, TBT, CLS and the JS the page transferred.
// Writes test-results/lighthouse-login.json and test-results/lighthouse-pages.json. Budget (DESIGN §7): Performance
// >= 90, Accessibility 100.
//   CHROMIUM_PATH=/usr/bin/chromium (default)   LIGHTHOUSE_PORT=3311 (default)
//   LIGHTHOUSE_PAGES: the signed-in pages (default /dashboard,/product-list?familia=24,/sales,/my-cart)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './demo-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3311);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const server = startDemoServer(port, 'lighthouse');
const base = server.base;

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    scriptRequests: scripts.length,
    scriptTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
    failedAudits: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode === 'binary' &&
          (lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) ||
            lhr.categories['best-practices'].auditRefs.some((ref) => ref.id === a.id)),
      )
      .map((a) => a.id),
  };
}

/** The median run by Performance score (then by LCP). */
function medianOf(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * LIGHTHOUSE_RUNS runs of Lighthouse on `page`; `signedIn`: the stored session is kept (no storage reset), so the page
 * opens signed in as the customer would find it. A run whose trace failed (NO_NAVSTART and the like happen on a busy
 * machine) is tried again, twice at most. The last run's full result is saved beside the figures.
 */
async function audit(page, signedIn) {
  const results = [];
  let retries = 2;
  for (let i = 0; i < runs; i++) {
    // Kept storage keeps the HTTP cache too: each signed-in run starts from a cold cache, as the first visit does.
    if (signedIn) await clearHttpCache();
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) {
      if (retries-- > 0) {
        console.log(`Lighthouse ${page} run ${i + 1}: ${result.lhr.runtimeError.code}, trying again`);
        i--;
        continue;
      }
      throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    }
    if (signedIn && new URL(result.lhr.finalDisplayedUrl).pathname === '/login')
      throw new Error(`Lighthouse ${page}: the page sent the session to /login`);
    results.push(figures(result.lhr));
    if (i === runs - 1) {
      const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
      fs.writeFileSync(path.join(root, `test-results/lighthouse-${name}.lhr.json`), JSON.stringify(result.lhr));
    }
  }
  return results;
}

/**
 * Empties this Chrome's HTTP cache (the stored session stays): without it the signed-in pages' second and third runs
 * loaded their scripts from the cache (0 KB of scripts transferred) and the median mixed cold and warm loads.
 */
async function clearHttpCache() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  const cdp = await browser.contexts()[0].newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await tab.close();
  await browser.close();
}

/** Stores a customer's session in this Chrome's profile as the app does (`authorizationData` in localStorage). */
async function storeSession(user) {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: user, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${user}: ${res.status}`);
  const token = await res.json();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  await tab.goto(`${base}/robots.txt`);
  await tab.evaluate(
    (data) => localStorage.setItem('authorizationData', data),
    JSON.stringify({
      token: token.access_token,
      userName: token.userName,
      refreshToken: token.refresh_token,
      useRefreshTokens: true,
    }),
  );
  await tab.close();
  await browser.close();
}

const row = (label, r) =>
  `| ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.scriptRequests} | ${(r.scriptTransferBytes / 1024).toFixed(1)} KB |`;
const HEAD =
  '| page / run | Performance | Accessibility | Best practices | FCP ms | LCP ms | TBT ms | CLS | JS requests | JS transferred |\n|---|---|---|---|---|---|---|---|---|---|';
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/dashboard,/product-list?familia=24,/sales,/my-cart').split(',');

let chrome;
try {
  await server.ready();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results = await audit('/login', false);
  const median = medianOf(results);
  const out = { url: '/login', formFactor: 'mobile', runs: results, median };
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results/lighthouse-login.json'), JSON.stringify(out, null, 2));

  console.log(`\nLighthouse 12, /login, mobile (simulated throttling), ${runs} run(s); median run:`);
  console.log(HEAD);
  results.forEach((r, i) => {
    console.log(row(`${i + 1}${r === median ? ' (median)' : ''}`, r));
  });
  if (median.failedAudits.length)
    console.log(`Failed accessibility / best-practice audits: ${median.failedAudits.join(', ')}`);

  // Signed in as the demo customer: each page's median run.
  await storeSession('buyer');
  const signedIn = [];
  for (const page of pages) signedIn.push({ page, median: medianOf(await audit(page, true)) });
  fs.writeFileSync(
    path.join(root, 'test-results/lighthouse-pages.json'),
    JSON.stringify({ user: 'buyer', formFactor: 'mobile', runs, pages: signedIn }, null, 2),
  );
  console.log(`\nSigned in as buyer, mobile, median of ${runs} run(s) per page:`);
  console.log(HEAD);
  for (const { page, median } of signedIn) console.log(row(page, median));
  for (const { page, median } of signedIn)
    if (median.failedAudits.length) console.log(`${page}: failed audits: ${median.failedAudits.join(', ')}`);
  console.log('Budget (DESIGN §7): Performance >= 90, Accessibility 100.');
} finally {
  if (chrome) await chrome.kill();
  await server.stop();
}
