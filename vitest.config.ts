import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'scripts/test/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    // The demo database every API test file copies, built once per run (decision 0018).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Limits for a hang, not for speed (the template is built before the files start; a copy takes seconds).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
