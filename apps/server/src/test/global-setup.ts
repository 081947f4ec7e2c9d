import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePostgresTemplate, templateKey } from './db-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's data directory (PGlite runs). */
    pgliteTemplate: string;
    /** The PostgreSQL template database's name (TEST_DB_KIND=postgres runs). */
    postgresTemplate: string;
  }
}

/**
 * Once per Vitest run, before any test file: the demo database that every API test file copies
 * (decision 0018). Only the kind the run uses is built; an unchanged one from an earlier run is reused.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const key = templateKey();
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    project.provide('postgresTemplate', await ensurePostgresTemplate(url, key));
    project.provide('pgliteTemplate', '');
  } else {
    project.provide('pgliteTemplate', await ensurePgliteTemplate(key));
    project.provide('postgresTemplate', '');
  }
  console.log(`test database template ${key} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
