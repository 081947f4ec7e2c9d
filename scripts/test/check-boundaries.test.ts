import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const script = path.join(repo, 'scripts/check-boundaries.mjs');
const dirs: string[] = [];

/** Writes a small repository tree to a temporary directory and runs the check on it. */
function check(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
}

/** The check refuses the tree, naming each problem it was written to break (and nothing else). */
function expectRefused(files: Record<string, string>, ...problems: string[]) {
  const res = check(files);
  expect(res.status, res.stdout).toBe(1);
  const lines = res.stderr.split('\n').filter((l) => l.startsWith('  '));
  expect(lines).toHaveLength(problems.length);
  for (const problem of problems) expect(res.stderr).toContain(problem);
  return res.stderr;
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A web app that keeps the rules, written the way the real one is (the `@/` alias, the contract's package). */
const clean = {
  'packages/contract/src/a.ts': 'export const a = 1;',
  'packages/contract/src/b.ts': "import { a } from './a.ts';\nexport const b = a;",
  'apps/web/src/features/cart/x.ts':
    "import { a } from '@portal/contract/a';\nimport { c } from '@/components/c';\nimport { y } from './y';",
  'apps/web/src/features/cart/y.ts': "import { l } from '../../lib/l.ts';\nexport const y = l;",
  'apps/web/src/features/catalog/z.tsx': "import { c } from '@/components/c';\nimport '@/lib/l';",
  'apps/web/src/components/c.ts': "import { l } from '@/lib/l';\nexport const c = l;",
  'apps/web/src/lib/l.ts': "import type { A } from '@portal/contract/a';\nexport const l = 1;",
  'apps/web/src/app/router.tsx':
    "import { x } from '@/features/cart/x';\nconst Z = () => import('@/features/catalog/z');",
  'apps/server/src/s.ts': "import { a } from '@portal/contract/a';\nimport { t } from './t.ts';",
  'apps/server/src/t.ts': "export const t = 'anything from @/features/cart/x';",
  ...server(),
};

/**
 * A server that keeps its one-way layers: server.ts -> app.ts -> modules/<area> -> plugins, lib, db; a
 * registration in modules/ composes two areas for app.ts; test code imports anything.
 */
function server() {
  const s = 'apps/server/src';
  return {
    [`${s}/server.ts`]:
      "import { app } from './app.ts';\nimport { config } from './config.ts';\nimport { seed } from './db/seed/seed.ts';",
    [`${s}/app.ts`]:
      "import { docs } from './modules/docs.ts';\nimport { cart } from './modules/cart/cart.routes.ts';\nimport { auth } from './plugins/auth.ts';\nexport const app = 1;",
    [`${s}/config.ts`]: "import { tiles } from './lib/tiles.ts';\nexport const config = 1;",
    [`${s}/modules/docs.ts`]:
      "import { cart } from './cart/cart.routes.ts';\nimport { sales } from './sales/sales.routes.ts';\nexport const docs = 1;",
    [`${s}/modules/cart/cart.routes.ts`]:
      "import { repo } from './cart.repository.ts';\nimport { auth } from '../../plugins/auth.ts';\nimport { config } from '../../config.ts';\nexport const cart = 1;",
    [`${s}/modules/cart/cart.repository.ts`]:
      "import { db } from '../../db/client.ts';\nimport { words } from '../../lib/words.ts';\nexport const repo = 1;",
    [`${s}/modules/cart/cart.test.ts`]:
      "import { app } from '../../test/test-app.ts';\nimport { sales } from '../sales/sales.routes.ts';",
    [`${s}/modules/sales/sales.routes.ts`]: "import { words } from '../../lib/words.ts';\nexport const sales = 1;",
    // The areas the web's features are named after (decision 0095).
    [`${s}/modules/catalog/catalog.routes.ts`]: 'export const catalog = 1;',
    [`${s}/modules/refunds/refunds.routes.ts`]: 'export const refunds = 1;',
    [`${s}/plugins/auth.ts`]:
      "import { db } from '../db/client.ts';\nimport { words } from '../lib/words.ts';\nexport const auth = 1;",
    [`${s}/lib/words.ts`]: "import { tiles } from './tiles.ts';\nexport const words = 1;",
    [`${s}/lib/tiles.ts`]: 'export const tiles = 1;',
    [`${s}/db/client.ts`]:
      "import { words } from '../lib/words.ts';\nimport { config } from '../config.ts';\nexport const db = 1;",
    [`${s}/db/seed/seed.ts`]: "import { db } from '../client.ts';\nexport const seed = 1;",
    [`${s}/test/test-app.ts`]: "import { app } from '../app.ts';\nexport const testApp = 1;",
  };
}
const s = 'apps/server/src';

describe('scripts/check-boundaries.mjs', () => {
  it('passes a tree that keeps the rules', () => {
    const res = check(clean);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`${Object.keys(clean).length} files checked, no problem`);
  });

  it('refuses the web importing the server, relative or by package', () => {
    expectRefused(
      {
        ...clean,
        'apps/web/src/lib/bad.ts': "import { s } from '../../../server/src/s.ts';\nimport x from '@portal/server/x';",
      },
      'apps/web/src/lib/bad.ts: the web may not import apps/server/src/s.ts',
      'apps/web/src/lib/bad.ts: the web may not import @portal/server/x',
    );
  });

  it('refuses the server importing the web, and the contract importing either', () => {
    expectRefused(
      {
        ...clean,
        'apps/server/src/bad.ts': "import { l } from '../../web/src/lib/l.ts';\nimport x from '@portal/web/x';",
        'packages/contract/src/bad.ts': "import { s } from '../../../apps/server/src/s.ts';",
      },
      'apps/server/src/bad.ts: the server may not import apps/web/src/lib/l.ts',
      'apps/server/src/bad.ts: the server may not import @portal/web/x',
      'packages/contract/src/bad.ts: the contract may not import apps/server/src/s.ts',
    );
  });

  it('refuses a feature importing another feature, relative or through the @/ alias', () => {
    expectRefused(
      {
        ...clean,
        'apps/web/src/features/cart/relative.ts': "import { z } from '../catalog/z';",
        'apps/web/src/features/cart/alias.ts': "import { z } from '@/features/catalog/z';",
        'apps/web/src/features/cart/lazy.ts': "const z = () => import('@/features/catalog/z');",
        'apps/web/src/features/cart/style.ts': "import '@/features/catalog/catalog.css';",
      },
      'apps/web/src/features/cart/relative.ts: feature "cart" imports feature "catalog"',
      'apps/web/src/features/cart/alias.ts: feature "cart" imports feature "catalog"',
      'apps/web/src/features/cart/lazy.ts: feature "cart" imports feature "catalog"',
      'apps/web/src/features/cart/style.ts: feature "cart" imports feature "catalog"',
    );
  });

  it('refuses shared code (components/, lib/) importing a feature, relative or through the alias', () => {
    expectRefused(
      {
        ...clean,
        'apps/web/src/components/bad.ts': "import { x } from '@/features/cart/x';",
        'apps/web/src/lib/bad.ts': "import { x } from '../features/cart/x';",
      },
      'apps/web/src/components/bad.ts: shared code imports feature "cart"',
      'apps/web/src/lib/bad.ts: shared code imports feature "cart"',
    );
  });

  it('refuses an import cycle, whether written relative or through the alias', () => {
    // The cycle is named from whichever of its files the walk reaches first.
    const web = expectRefused(
      {
        ...clean,
        'apps/web/src/lib/p.ts': "import { q } from '@/lib/q';\nexport const p = 1;",
        'apps/web/src/lib/q.ts': "import { p } from './p';\nexport const q = 1;",
      },
      'import cycle: apps/web/src/lib/',
    );
    expect(web).toMatch(/import cycle: apps\/web\/src\/lib\/(p|q)\.ts -> apps\/web\/src\/lib\/(q|p)\.ts -> /);
    const contract = expectRefused(
      {
        ...clean,
        'packages/contract/src/p.ts': "import { q } from '@portal/contract/q';\nexport const p = 1;",
        'packages/contract/src/q.ts': "import { p } from './p.ts';\nexport const q = 1;",
      },
      'import cycle: packages/contract/src/',
    );
    expect(contract).toMatch(/packages\/contract\/src\/(p|q)\.ts -> packages\/contract\/src\/(q|p)\.ts -> /);
  });

  it('refuses a barrel index file', () => {
    expectRefused(
      { ...clean, 'apps/web/src/lib/index.ts': "export * from './l.ts';" },
      'apps/web/src/lib/index.ts: barrel index files are not allowed',
    );
  });

  it('refuses an API path anywhere on the web (a feature, lib, components, app), in quotes or a template literal', () => {
    const said = 'an API path written on the web';
    expectRefused(
      {
        ...clean,
        'apps/web/src/features/refunds/api/a.ts': "export const a = () => fetch('/api/inrefund/cancel');",
        'apps/web/src/features/refunds/api/b.ts': 'export const b = "/api/inrefund/GetFiles";',
        'apps/web/src/features/refunds/components/c.tsx':
          'export const c = (id: number) => `/api/inrefund/file/\u0024{id}`;',
        'apps/web/src/lib/d.ts': "export const d = (lang: string) => fetch('/api/common/langs/' + lang);",
        'apps/web/src/components/e.tsx': 'export const e = (id: number) => `/api/images/getimg/\u0024{id}`;',
        'apps/web/src/app/f.tsx': 'export const f = "/api/innavmenu/getnavmenu";',
        'apps/web/src/features/cart/api/g.ts': "export const url = '/api/incheckout/getcurrentcart';",
      },
      `apps/web/src/features/refunds/api/a.ts:1: ${said}`,
      `apps/web/src/features/refunds/api/b.ts:1: ${said}`,
      `apps/web/src/features/refunds/components/c.tsx:1: ${said}`,
      `apps/web/src/lib/d.ts:1: ${said}`,
      `apps/web/src/components/e.tsx:1: ${said}`,
      `apps/web/src/app/f.tsx:1: ${said}`,
      `apps/web/src/features/cart/api/g.ts:1: ${said}`,
    );
  });

  it('passes web code that calls through the contract, and a test file that writes the paths it calls', () => {
    const res = check({
      ...clean,
      'apps/web/src/features/refunds/api/a.ts':
        "import { call } from '@/lib/call';\n// Was GET /api/inrefund/GetFiles.\nexport const a = () => call(files, {});",
      'apps/web/src/lib/l.test.ts': "it('calls', () => expect(url).toBe('/api/incheckout/getcurrentcart'));",
      'apps/web/src/features/cart/api/g.test.tsx': 'const path = `/api/incheckout/getcurrentcart`;',
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('refuses a query key written by hand and a rank compared by hand on the web; may-call.ts and tests may compare', () => {
    const key = 'a query key written by hand';
    const rank = "a user's rank compared by hand";
    expectRefused(
      {
        ...clean,
        'apps/web/src/features/cart/api/k.ts': "export const k = () => useQuery({ queryKey: ['cart', id], queryFn });",
        'apps/web/src/features/catalog/r.tsx': 'export const r = (user?.rankNumber ?? 0) >= RANK.admin;',
        'apps/web/src/lib/s.ts': 'export const s = user.rankNumber < 2;',
        'apps/web/src/components/t.tsx': 'export const t = RANK.admin > rank;',
      },
      `apps/web/src/features/cart/api/k.ts:1: ${key}`,
      `apps/web/src/features/catalog/r.tsx:1: ${rank}`,
      `apps/web/src/lib/s.ts:1: ${rank}`,
      `apps/web/src/components/t.tsx:1: ${rank}`,
    );
    const res = check({
      ...clean,
      'apps/web/src/features/cart/api/k.ts':
        'export const k = () => useQuery({ queryKey: callKey(cartCalls.current, {}), queryFn });\nexport const m = mayCall(cartCalls.add, user) && r.rank === 2;',
      'apps/web/src/lib/may-call.ts': 'export const m = (user, rule) => !(user.rankNumber < rule.rank);',
      'apps/web/src/features/cart/api/k.test.ts': "const key = ['cart'];\nconst admin = user.rankNumber >= RANK.admin;",
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('refuses a server plugin importing a module', () => {
    expectRefused(
      { ...clean, [`${s}/plugins/bad.ts`]: "import { repo } from '../modules/cart/cart.repository.ts';" },
      `${s}/plugins/bad.ts: plugins imports area "cart" (${s}/modules/cart/cart.repository.ts)`,
    );
  });

  it('refuses server lib/ importing plugins or db (or anything above them)', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/lib/bad.ts`]: "import { auth } from '../plugins/auth.ts';\nimport type { db } from '../db/client.ts';",
      },
      `${s}/lib/bad.ts: lib imports plugins (${s}/plugins/auth.ts)`,
      `${s}/lib/bad.ts: lib imports db (${s}/db/client.ts)`,
    );
  });

  it('refuses config.ts importing a module', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/config.ts`]: "import { sales } from './modules/sales/sales.routes.ts';\nexport const config = 1;",
      },
      `${s}/config.ts: config.ts imports area "sales" (${s}/modules/sales/sales.routes.ts)`,
    );
  });

  it('refuses db/seed importing a module, and db importing a module or a plugin', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/db/seed/bad.ts`]: "import { repo } from '../../modules/cart/cart.repository.ts';",
        [`${s}/db/bad.ts`]:
          "import { auth } from '../plugins/auth.ts';\nimport { sales } from '../modules/sales/sales.routes.ts';",
      },
      `${s}/db/seed/bad.ts: db/seed imports area "cart" (${s}/modules/cart/cart.repository.ts)`,
      `${s}/db/bad.ts: db imports plugins (${s}/plugins/auth.ts)`,
      `${s}/db/bad.ts: db imports area "sales" (${s}/modules/sales/sales.routes.ts)`,
    );
  });

  it('refuses two server areas importing each other, even one way; the one exception (0061) is one way only', () => {
    expectRefused(
      { ...clean, [`${s}/modules/sales/bad.ts`]: "import { cart } from '../cart/cart.routes.ts';" },
      `${s}/modules/sales/bad.ts: area "sales" imports area "cart" (${s}/modules/cart/cart.routes.ts)`,
    );
    const checkout = { [`${s}/modules/checkout/checkout.ts`]: "import { repo } from '../cart/cart.repository.ts';" };
    expect(check({ ...clean, ...checkout }).status).toBe(0);
    expectRefused(
      { ...clean, ...checkout, [`${s}/modules/cart/bad.ts`]: "import { c } from '../checkout/checkout.ts';" },
      `${s}/modules/cart/bad.ts: area "cart" imports area "checkout" (${s}/modules/checkout/checkout.ts)`,
    );
  });

  it('refuses an import upwards: a module importing app.ts, an area a registration, anything a program', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/modules/sales/up.ts`]: "import { app } from '../../app.ts';\nimport { docs } from '../docs.ts';",
        [`${s}/app-part.ts`]: 'export const part = 1;',
        [`${s}/plugins/up.ts`]: "import { part } from '../app-part.ts';",
      },
      `${s}/modules/sales/up.ts: area "sales" imports app.ts (${s}/app.ts)`,
      `${s}/modules/sales/up.ts: area "sales" imports modules/ (a registration) (${s}/modules/docs.ts)`,
      `${s}/plugins/up.ts: plugins imports a program (${s}/app-part.ts)`,
    );
  });

  it('refuses server production code importing test code', () => {
    expectRefused(
      { ...clean, [`${s}/modules/sales/sales-helpers.ts`]: "import { testApp } from '../../test/test-app.ts';" },
      `${s}/modules/sales/sales-helpers.ts: production code imports test code (${s}/test/test-app.ts)`,
    );
  });

  it('refuses a fixture file in a production folder, even one importing no test code; passes it under test/', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/modules/sales/sales-fixtures.ts`]: "import { db } from '../../db/client.ts';\nexport const order = 1;",
        [`${s}/lib/fixtures.ts`]: 'export const slip = 1;',
        'apps/web/src/features/cart/cart.fixtures.ts': 'export const line = 1;',
        // Under a test folder, and a name that only ends like one, are fine.
        [`${s}/test/sales-fixtures.ts`]: "import { db } from '../db/client.ts';\nexport const order = 1;",
        'apps/web/src/features/cart/__tests__/cart-fixtures.ts': 'export const line = 1;',
        [`${s}/modules/sales/sales-nofixtures.ts`]: 'export const x = 1;',
      },
      `${s}/modules/sales/sales-fixtures.ts: a fixture file outside test/ (move it to ${s}/test/)`,
      `${s}/lib/fixtures.ts: a fixture file outside test/`,
      'apps/web/src/features/cart/cart.fixtures.ts: a fixture file outside test/ (move it to apps/web/src/test/)',
    );
  });

  it('refuses SQL in the routes, services, runners and jobs of a server area, and passes it in repositories (0085)', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/modules/sales/sales.routes.ts`]: "app.get('/x', () => queryRows<{ id: number }>(db, q));",
        [`${s}/modules/sales/sales.service.ts`]: 'const rows = await queryRowsReused(db, q);\nawait tx.execute(q);',
        [`${s}/modules/sales/export/sales-export.job.ts`]: 'const claim = sql`update sales set x = 1`;',
        [`${s}/modules/sales/sales.runner.ts`]: "const t = sql.raw('sales');",
        // Its repositories and its tests may; so may no area: the cart's routes are refused too.
        [`${s}/modules/sales/sales.repository.ts`]: 'await db.execute(sql`select 1`); await queryRows(db, q);',
        [`${s}/modules/sales/sales.test.ts`]: 'await db.execute(sql`delete from sales`);',
        [`${s}/modules/sales/sales-appliers.repository.ts`]: 'await tx.execute(sql`select 1`);',
        [`${s}/modules/cart/cart.routes.ts`]: 'await db.execute(sql`select 1`);',
        // Words that only look alike: a method named like it, an option key, a variable.
        [`${s}/modules/sales/sales-search.service.ts`]:
          'const sqlText = 1; const o = { execute: [] }; mySql`x`; queryRowsCount(1);',
      },
      `${s}/modules/sales/sales.routes.ts:1: a queryRows call in a routes file`,
      `${s}/modules/sales/sales.service.ts:1: a queryRows call in a service file`,
      `${s}/modules/sales/sales.service.ts:2: an execute call in a service file`,
      `${s}/modules/sales/export/sales-export.job.ts:1: a sql template in a job file`,
      `${s}/modules/sales/sales.runner.ts:1: a sql template in a runner file`,
      `${s}/modules/cart/cart.routes.ts:1: an execute call in a routes file`,
      `${s}/modules/cart/cart.routes.ts:1: a sql template in a routes file`,
      // The routes' cast is counted against the area's ceiling of typed rows too (decision 0093; none named: 0).
      `${s}/modules/sales: 1 queryRows<T> casts, above its ceiling of 0`,
    );
  });

  it('refuses SQL anywhere in the server but repositories, SQL builders, db/ and tests (0085, session 23)', () => {
    expectRefused(
      {
        ...clean,
        // A service (refused by the check of routes and services), a service's helper, an area's other file, a plugin
        // and lib: each holds SQL without the name that says so.
        [`${s}/modules/sales/sales.service.ts`]: 'const total = sql`sum(amount)`;',
        [`${s}/modules/sales/sales-totals.ts`]: 'export const total = sql`sum(amount)`;',
        [`${s}/modules/sales/deep/sales-appliers.ts`]: 'await tx.execute(sql`select 1`);',
        [`${s}/plugins/limits.ts`]: "const t = sql.raw('rate_limits');",
        [`${s}/lib/grid.ts`]: 'const w = sql.join(parts, sql` and `);',
        // Where SQL lives: repositories, SQL builders, db/, tests and test helpers.
        [`${s}/modules/sales/sales-appliers.repository.ts`]: 'await tx.execute(sql`select 1`);',
        [`${s}/lib/grid.sql.ts`]: 'export const all = sql`true`;',
        [`${s}/plugins/limits.repository.ts`]: "const t = sql.raw('rate_limits');",
        [`${s}/db/seed/history.ts`]: 'await db.execute(sql`insert into x values (1)`);',
        [`${s}/modules/sales/sales-totals.test.ts`]: 'await db.execute(sql`delete from sales`);',
        [`${s}/test/fixtures.ts`]: 'await db.execute(sql`delete from sales`);',
        // Words that only look alike.
        [`${s}/modules/sales/sales-words.ts`]: 'const sqlText = 1; mySql`x`; const o = { sql: 1 };',
      },
      `${s}/modules/sales/sales.service.ts:1: a sql template in a service file`,
      `${s}/modules/sales/sales-totals.ts:1: a sql template outside a repository`,
      `${s}/modules/sales/deep/sales-appliers.ts:1: a sql template outside a repository`,
      `${s}/plugins/limits.ts:1: a sql template outside a repository`,
      `${s}/lib/grid.ts:1: a sql template outside a repository`,
    );
  });

  it('holds the unchecked row casts of each server area to its ceiling, which only goes down (decision 0093)', () => {
    const ceilings = {
      'queryRows<': { 'modules/sales': 2, db: 1, 'modules/gone': 3 },
      'as unknown as Db': { 'modules/cart': 1 },
    };
    expectRefused(
      {
        ...clean,
        'scripts/typed-rows-ceilings.json': JSON.stringify(ceilings),
        // At its ceiling: two casts (one of them reused) in a repository; its test's casts are not counted.
        [`${s}/modules/sales/sales.repository.ts`]:
          'const a = await queryRows<{ id: number }>(db, q);\nconst b = await queryRowsReused<Row>(db, q);',
        [`${s}/modules/sales/sales.test.ts`]: 'await queryRows<{ n: number }>(db, q);\nf(tx as unknown as Db);',
        // A parsed read and the function's own declaration are no casts: db is under its ceiling.
        [`${s}/db/client.ts`]:
          'export async function queryRows<T>(db: Db, q: SQL): Promise<T[]>;\nconst r = await queryRows(db, q, row);',
        // Above: an area the file does not name (ceiling 0), and the cart above its ceiling of Db casts.
        [`${s}/modules/stock/stock.repository.ts`]: 'await queryRows<Row>(db, q);',
        [`${s}/modules/cart/cart.repository.ts`]: 'f(tx as unknown as Db);\ng(t as  unknown  as Db);',
        // modules/gone has a ceiling and no folder: nothing to lower (an area removed, or a branch without it).
      },
      `${s}/modules/stock: 1 queryRows<T> casts, above its ceiling of 0`,
      `${s}/modules/cart: 2 'as unknown as Db' casts, above its ceiling of 1`,
      `${s}/db: 0 queryRows<T> casts, below its ceiling of 1: lower it in typed-rows-ceilings.json`,
    );
  });

  it("keeps the tests' unchecked reader (test/rows.ts) to test files and test helpers (decision 0093)", () => {
    const reader = `${s}/test/rows.ts`;
    const said = `imports ${reader} (the tests' unchecked reader`;
    expectRefused(
      {
        ...clean,
        [reader]: "import type { Db } from '../db/client.ts';\nexport async function testRows() {}",
        // A test file and a test helper may; so may a test of a folder that is no area.
        [`${s}/modules/sales/sales.test.ts`]: "import { testRows } from '../../test/rows.ts';",
        [`${s}/test/grid-suite.ts`]: "import { testRows } from './rows.ts';",
        [`${s}/db/rows.test.ts`]: "import { testRows } from '../test/rows.ts';",
        // Production code may not, nor the web (each also breaks the layers it crosses).
        [`${s}/modules/sales/sales.repository.ts`]: "import { testRows } from '../../test/rows.ts';",
        [`${s}/db/helper.ts`]: "import { testRows } from '../test/rows';",
        'apps/web/src/lib/rows.ts': "import { testRows } from '../../../server/src/test/rows.ts';",
      },
      `${s}/modules/sales/sales.repository.ts: ${said}`,
      `${s}/modules/sales/sales.repository.ts: production code imports test code (${reader})`,
      `${s}/db/helper.ts: ${said}`,
      `${s}/db/helper.ts: production code imports test code (${reader})`,
      `apps/web/src/lib/rows.ts: ${said}`,
      `apps/web/src/lib/rows.ts: the web may not import ${reader}`,
    );
  });

  it('refuses the business time zone and a 21 % VAT written outside their modules (decision 0071)', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/lib/business-time.ts`]: "export const BUSINESS_TIME_ZONE = 'Europe/Madrid';",
        [`${s}/lib/vat.ts`]: '// 21 % is 0.21 of the base\nexport const VAT_RATE_DEFAULT_BP = 2100;',
        [`${s}/modules/sales/sales.repository.ts`]:
          "const day = sql`created_at at time zone 'Europe/Madrid'`;\nconst vat = sql`round(net * 0.21, 2)`;",
        [`${s}/modules/sales/totals.ts`]:
          'export const total = (net: number) => net * 1.21 + (net * 21) / 100 + net * 21 / 100;',
        'apps/web/src/lib/day.ts': "export const zone = 'Europe/Madrid';",
        // A test may spell what it expects; 10.21 and 0.215 are other numbers.
        [`${s}/modules/sales/sales.test.ts`]:
          'expect(sqlText).toContain("\'Europe/Madrid\'"); expect(0.21).toBe(0.21);',
        [`${s}/modules/sales/prices.ts`]: 'export const prices = [10.21, 0.215];',
      },
      `${s}/modules/sales/sales.repository.ts:1: the business time zone written`,
      `${s}/modules/sales/sales.repository.ts:2: a 21 % VAT written`,
      `${s}/modules/sales/totals.ts:1: a 21 % VAT written`,
      'apps/web/src/lib/day.ts:1: the business time zone written',
    );
  });

  it('refuses a VAT rate made into VAT by hand outside lib/vat.ts, in TypeScript or SQL (issue 24)', () => {
    expectRefused(
      {
        ...clean,
        [`${s}/lib/vat.ts`]: 'export const vatOf = (base: number, bp: number) => (base * bp) / 10000;',
        [`${s}/modules/sync/invoice-appliers.repository.ts`]: `const vat = sql\`round(sl.line_amount * \${DEFAULT_VAT_PCT} / 100, 2)\`;\nconst v2 = sql\`round(amount * vat_pct / 100, 2)\`;`,
        [`${s}/db/seed/erp-history.ts`]: `const vat = \`round(l.line_amount * \${VAT_RATE_DEFAULT_BP} / 10000, 2)\`;`,
        [`${s}/modules/checkout/totals.ts`]:
          'export const vat = (net: number, rateBp: number) => (net * rateBp) / 10000;',
        // A rate shown as a percentage, or a percentage made into basis points, is no VAT.
        [`${s}/modules/checkout/rates.sql.ts`]:
          'export const pct = (rateBp: number) => rateBp / 100;\nconst bp = sql`coalesce(l.vat_pct, 21) * 100`;',
        [`${s}/modules/sync/sync.test.ts`]: 'expect(vat).toBe(round(amount * vat_pct / 100));',
      },
      `${s}/modules/sync/invoice-appliers.repository.ts:1: a 21 % VAT written, or a rate made into VAT by hand`,
      `${s}/modules/sync/invoice-appliers.repository.ts:2: a 21 % VAT written, or a rate made into VAT by hand`,
      `${s}/db/seed/erp-history.ts:1: a 21 % VAT written, or a rate made into VAT by hand`,
      `${s}/modules/checkout/totals.ts:1: a 21 % VAT written, or a rate made into VAT by hand`,
    );
  });

  it('refuses a web feature or a contract file of calls that no server module is named after (decision 0095)', () => {
    const call = "import { endpoint } from './endpoint.ts';\nexport const calls = { a: endpoint({}) };";
    expectRefused(
      {
        ...clean,
        // Named after a server module (cart, sales), a part one registers (cart/lists.routes.ts) or <area>-<part>.
        [`${s}/modules/cart/lists.routes.ts`]: 'export const lists = 1;',
        'packages/contract/src/cart-calls.ts': call,
        'packages/contract/src/sales.ts': call,
        'packages/contract/src/lists.ts': call,
        'packages/contract/src/sales-documents.ts': call,
        // A shared vocabulary declares no call; the allow-list names what is no one area's.
        'packages/contract/src/constants.ts': 'export const PAGE = 10;',
        'packages/contract/src/endpoint.ts': 'export function endpoint(c) {\n  return c;\n}',
        'apps/web/src/features/dashboard/d.ts': 'export const d = 1;',
        // Another name for an area: refused on the web and in the contract, by file name or by what it declares.
        'apps/web/src/features/people/p.ts': 'export const p = 1;',
        'packages/contract/src/people-calls.ts': 'export const peopleCalls = {};',
        'packages/contract/src/rules.ts': call,
      },
      'apps/web/src/features/people: a web feature no server module is named after',
      'packages/contract/src/people-calls.ts: calls declared in a file no server module is named after',
      'packages/contract/src/rules.ts: calls declared in a file no server module is named after',
    );
  });

  it('refuses an Ant Design class in a journey, in a locator, a class match or a comment (decision 0089)', () => {
    expectRefused(
      {
        ...clean,
        'apps/web/e2e/a.spec.ts': "await expect(page.locator('.ant-popover')).toBeVisible();",
        'apps/web/e2e/b.spec.ts': 'const ok = 1;\nawait expect(cell).toHaveClass(/ant-table-column-has-sorters/);',
        'apps/web/e2e/support.ts': '// the pager marks it by ant-pagination-item-active',
        // By role, name and test id; words that only end in "ant" ("constant-", "want-"); the web's own code.
        'apps/web/e2e/c.spec.ts':
          "page.getByRole('tooltip', { name: 'Ant Design' }); const width = 'constant-width'; // want-to\npage.getByTestId('x');",
        'apps/web/src/components/c.ts': "import { l } from '@/lib/l';\nexport const c = l; // .ant-table-content",
      },
      'apps/web/e2e/a.spec.ts:1: an Ant Design class in a journey',
      'apps/web/e2e/b.spec.ts:2: an Ant Design class in a journey',
      'apps/web/e2e/support.ts:1: an Ant Design class in a journey',
    );
  });

  it("refuses a server test signing in one of the seed's users, by the names the seed gives (issue 24)", () => {
    expectRefused(
      {
        ...clean,
        'apps/server/src/db/seed/foundation.ts':
          "const demoUsers = [{ username: 'admin' }, { username: 'buyer' }];\nexport const u = demoUsers;",
        'apps/server/src/db/seed/checkout.ts':
          "export const q = `insert into users (username, email)\n  values ('comercial', 'c@x')`;",
        'apps/server/src/modules/cart/cart.test.ts':
          "const a = await signIn(t.app, 'buyer');\nconst b = await signIn(s.t.app, 'comercial', 'demo1234');",
        'apps/server/src/test/grid-suite.ts': "export const s = () => signIn(t.app, 'admin');",
        // Users the test made, by name or by variable; a seed name outside a sign-in; production code.
        'apps/server/src/modules/users/users.test.ts':
          "await signIn(t.app, 'nuevo.taller', P);\nawait signIn(t.app, user.username);\nexpect(name).toBe('buyer');",
        'apps/server/src/modules/account/a.ts':
          "export const x = (signIn: (a: 1, n: string) => 1) => signIn(1, 'buyer');",
        // The file whose reason the check names keeps its seed user.
        'apps/server/src/modules/notifications/notifications.test.ts': "await signIn(t.app, 'buyer');",
      },
      "apps/server/src/modules/cart/cart.test.ts:1: a test signs in the seed's user 'buyer'",
      "apps/server/src/modules/cart/cart.test.ts:2: a test signs in the seed's user 'comercial'",
      "apps/server/src/test/grid-suite.ts:1: a test signs in the seed's user 'admin'",
    );
  });

  it('resolves @/ as the web app does (tsconfig paths and Vite alias)', () => {
    const tsconfig = JSON.parse(fs.readFileSync(path.join(repo, 'apps/web/tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.paths).toEqual({ '@/*': ['./src/*'] });
    const vite = fs.readFileSync(path.join(repo, 'apps/web/vite.config.ts'), 'utf8');
    expect(vite).toContain("alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) }");
  });
});
