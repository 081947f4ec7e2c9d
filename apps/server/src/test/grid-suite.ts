import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type GridClient, gridClient } from './grid-checks.ts';
import { testRows } from './rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from './test-app.ts';

/**
 * The fixture of a document grid's API tests: an app on a fresh database with the demo data, the demo
 * `buyer`, `buyer2` and `admin` signed in, and a client per grid URL (`grids[i]` for `urls[i]`; `grid` is the
 * first). The fields are set once the file's `beforeAll` has run.
 */
export function gridSuite(...urls: string[]) {
  const s = {
    t: undefined as unknown as TestApp,
    buyer: '',
    buyer2: '',
    admin: '',
    grid: undefined as unknown as GridClient,
    grids: [] as GridClient[],
    /** Rows a test reads to assert on (unchecked, test/rows.ts). */
    rows: <T>(query: SQL) => testRows<T>(s.t.database.db, query),
    get: (url: string, token?: string) => s.t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    post: (url: string, token?: string) => s.t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} }),
  };
  beforeAll(async () => {
    s.t = await createTestApp();
    s.buyer = (await signIn(s.t.app, 'buyer')).access_token;
    s.buyer2 = (await signIn(s.t.app, 'buyer2')).access_token;
    s.admin = (await signIn(s.t.app, 'admin')).access_token;
    s.grids = urls.map((url) => gridClient(s.t.app, url));
    s.grid = s.grids[0]!;
  });
  afterAll(() => s.t.close());
  return s;
}
