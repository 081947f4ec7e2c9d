import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type GridClient, gridClient } from './grid-checks.ts';
import { testRows } from './rows.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';
import { makeUser } from './users.ts';

/**
 * The fixture of a document grid's API tests: an app on a fresh database with the demo data, users of its own
 * signed in (issue 24) in the places of the demo's `buyer` (client C00001), `buyer2` (C00002) and `admin`, and a
 * client per grid URL (`grids[i]` for `urls[i]`; `grid` is the first). The fields are set once the file's
 * `beforeAll` has run.
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
    s.buyer = (await makeUser(s.t, 'plateBuyer')).token;
    s.buyer2 = (await makeUser(s.t, 'buyer', { client: 'C00002' })).token;
    s.admin = (await makeUser(s.t, 'admin')).token;
    s.grids = urls.map((url) => gridClient(s.t.app, url));
    s.grid = s.grids[0]!;
  });
  afterAll(() => s.t.close());
  return s;
}
