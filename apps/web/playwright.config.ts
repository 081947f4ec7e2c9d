import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server (scripts/e2e-server.ts: port 3100, a fresh copy of the test template,
 * 127.0.0.1 is web context 1 and localhost context 0): the compiled server and the built web app, both built first when
 * their sources are newer (scripts/built.mjs).
 */
/** E2E_PORT lets two checkouts' journeys run side by side on one machine (default 3100). */
const port = process.env.E2E_PORT ?? '3100';

export default defineConfig({
  testDir: './e2e',
  outputDir: port === '3100' ? '../../test-results/playwright' : `../../test-results/playwright-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Upper bounds, not waits: three shards share two cores in CI, and a long journey (upload, resize, page, pick)
  // took over 60 s on a loaded machine. On a machine that ran CI 1.7 times slower (2026-11-26) the phones' journey
  // took 2.7 min and a page rendered after its 15 s: the bounds are twice those. A passing journey is as fast as before.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../test-results/playwright.json' }],
  ],
  use: {
    // The journeys read the portal as a reader who asks for reduced motion does (the app then turns Ant Design's
    // motion off): what is on screen is its end state at once (three journey files ran a sixth faster so).
    reducedMotion: 'reduce',
    baseURL: `http://localhost:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell when installed (decision 0079), else its Chromium.
      executablePath:
        process.env.CHROMIUM_PATH ??
        (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: process.env.E2E_SERVER_COMMAND ?? 'node --import tsx ../../scripts/e2e-server.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Stopped like an operator would: the server closes its database and the script removes its copy.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
