import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // The web's `@/` (apps/web/tsconfig.json "paths", vite.config.ts) for its component tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: [
      'scripts/test/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/vite-plugins/*.test.ts',
      // Component tests (Testing Library): each names its DOM with `// @vitest-environment jsdom`; the rest run in node.
      'apps/web/src/**/*.test.tsx',
    ],
    // `*.postgres.test.ts` need PostgreSQL itself (pg_dump and pg_restore: the backup test): the PostgreSQL run only.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DB_KIND === 'postgres' ? [] : ['**/*.postgres.test.ts'])],
    // The demo database every API test file copies, built once per run (decision 0018).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Run again before each test file: the web tests' state (drawn components, storage, query cache, language) is reset
    // after each test there, not when the next render starts.
    setupFiles: ['apps/web/src/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the server's modules once for all its files, not once per file: the PGlite run went from
    // 192 s to 100 s. Every test file builds its own app and database and closes them; no file mocks a module or
    // changes the environment, which is what would leak from one file into the next.
    isolate: false,
    // Limits for a hang, not for speed (the template is built before the files start; a copy takes seconds).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
