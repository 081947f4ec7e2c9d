import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'scripts/test/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    // Limits for a hang, not for speed: a test that builds its own app seeds a fresh database (~20 s on
    // PGlite with the ERP history and its indexes, more on a busy machine).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
