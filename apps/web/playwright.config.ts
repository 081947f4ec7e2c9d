import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server (scripts/e2e-server.ts: port 3100, a fresh copy of the test template,
 * 127.0.0.1 is web context 1 and localhost context 0) serving the built web app (npm run build first).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../test-results/playwright.json' }],
  ],
  use: {
    baseURL: 'http://localhost:3100',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    url: 'http://localhost:3100/api/health',
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Stopped like an operator would: the server closes its database and the script removes its copy.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
