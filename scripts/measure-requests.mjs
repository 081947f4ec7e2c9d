#!/usr/bin/env node
/**
 * Requests made to open each signed-in page from a cold cache (issue 25: at most 25), with the built web app served by
 * the real server on the embedded database (PGlite, demo data). Signs in once per role, then opens each page in a
 * fresh browser context holding only that session (no cache), and counts every request until the screen is drawn (no
 * skeleton or spinner left) and the network has then been quiet for 1.5 s: the document, scripts, styles, API calls, images and fonts. Writes test-results/requests.json.
 *
 *   npm run build && node scripts/measure-requests.mjs        (run by `npm run bench -- lighthouse`)
 *   CHROMIUM_PATH=/usr/bin/chromium (default)   REQUESTS_PORT=3312 (default)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startDemoServer } from './demo-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.REQUESTS_PORT ?? 3312);
const BUDGET = 25;
const PAGES = {
  buyer: ['/dashboard', '/product-list', '/my-cart', '/sales', '/invoice', '/packingslip', '/allrefunds', '/profile'],
  admin: ['/setting/client', '/setting/user', '/setting/sync', '/stats/family', '/maps', '/setting/integrations'],
};

const server = startDemoServer(port, 'requests');
const base = server.base;

/** Every request the page makes until none has started for `quietMs`. */
async function requestsOf(browser, storageState, url, quietMs = 1500) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = [];
  let last = Date.now();
  page.on('request', (r) => {
    seen.push({ url: r.url().replace(base, ''), type: r.resourceType() });
    last = Date.now();
  });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  // The screen is drawn: its layout is there and nothing is loading any more (no skeleton, spinner or boot splash).
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-layout-content, main') &&
      !document.querySelector('.ant-skeleton, .ant-spin-spinning, .boot-splash'),
    undefined,
    { timeout: 60_000 },
  );
  while (Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 100));
  const landed = new URL(page.url()).pathname;
  await context.close();
  const count = (type) => seen.filter((r) => r.type === type).length;
  return {
    url,
    landed,
    requests: seen.length,
    scripts: count('script'),
    styles: count('stylesheet'),
    api: seen.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/token')).length,
    other: seen.filter((r) => !['script', 'stylesheet'].includes(r.type) && !r.url.startsWith('/api/')).length,
    // Which calls, in the order asked (for requests.json: what a page could ask for together).
    calls: seen.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/token')).map((r) => r.url),
    // And the rest (document, scripts, styles, images, fonts, tiles): what a page could load fewer of.
    files: seen.filter((r) => !r.url.startsWith('/api/') && !r.url.startsWith('/token')).map((r) => r.url),
  };
}

let browser;
try {
  await server.ready();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  for (const [user, pages] of Object.entries(PAGES)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[autocomplete="username"]').fill(user);
    await page.locator('input[type="password"]').fill('demo1234');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);
    const state = await context.storageState();
    await context.close();
    for (const url of pages) rows.push({ user, ...(await requestsOf(browser, state, url)) });
  }
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results/requests.json'), JSON.stringify(rows, null, 2));
  console.log(`\nRequests to open a signed-in page from a cold cache (budget ${BUDGET}):`);
  console.log('| user | page | requests | scripts | styles | API | other |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.user} | ${r.url}${r.landed === r.url ? '' : ` → ${r.landed}`} | ${r.requests}${r.requests > BUDGET ? ' (over)' : ''} | ${r.scripts} | ${r.styles} | ${r.api} | ${r.other} |`,
    );
} finally {
  if (browser) await browser.close();
  await server.stop();
}
