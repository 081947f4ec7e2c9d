// The import rules of DESIGN §2, checked: web and server never import each other (both may import the
// contract); the contract imports neither; a web feature never imports another feature; components/ and
// lib/ never import features/; no barrel index files; no import cycles. On the server, layers point one way:
// server.ts -> app.ts -> modules/<area> -> plugins, lib, db (serverRule below; decision 0061). And (issue 24) no API
// path written on the web: every call is declared in the contract (checkDeclaredCalls below); no SQL in a server
// area's routes, services, runners or jobs (checkSqlInRepositories below), nor outside repositories, SQL builders,
// db/ and tests (checkSqlHomes); an area has one name in modules/,
// features/ and the contract (checkAreaNames below); and no journey selects by an Ant Design class
// (checkJourneySelectors below).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const trees = ['apps/web/src', 'apps/server/src', 'packages/contract/src'];
const problems = [];
const graph = new Map();

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every source file of the trees that exist under `rootDir`, with its tree. */
function treeFiles(rootDir) {
  return trees.flatMap((tree) => {
    const dir = path.join(rootDir, tree);
    return fs.existsSync(dir) ? walk(dir).map((file) => ({ tree, file })) : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/**
 * The problems `onLine(relativePath, line, lineNumber)` finds on the lines of the files under `dir` of the tree checked
 * (those `keep` keeps): the line rules' one walk. `onLine` returns the line's problems (none: an empty list).
 */
function lineProblems(rootDir, dir, onLine, keep = () => true) {
  const found = [];
  const full = path.join(rootDir, dir);
  if (!fs.existsSync(full)) return found;
  for (const file of walk(full)) {
    const r = path.relative(rootDir, file);
    if (!keep(r)) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        found.push(...onLine(r, line, i + 1));
      });
  }
  return found;
}
const rel = (p) => path.relative(root, p);
/**
 * The server layer of a file of apps/server/src, or null outside it. Test code (`*.test.ts`, `test/`) builds the
 * whole app and may import any layer; no production file imports it. Top-level files other than app.ts and
 * config.ts are programs (server.ts, create-admin.ts). A file directly in `modules/` (not in an area's folder)
 * is a registration that app.ts composes from several areas.
 */
function serverLayerOf(p) {
  const r = rel(p);
  if (!r.startsWith('apps/server/src/')) return null;
  const s = r.slice('apps/server/src/'.length);
  if (/\.test\.ts$/.test(s) || s.startsWith('test/')) return { layer: 'test' };
  if (s === 'app.ts') return { layer: 'app' };
  if (s === 'config.ts') return { layer: 'config' };
  if (!s.includes('/')) return { layer: 'program' };
  const area = /^modules\/([^/]+)\//.exec(s)?.[1];
  if (area) return { layer: 'area', area };
  if (s.startsWith('modules/')) return { layer: 'composition' };
  if (s.startsWith('db/seed/')) return { layer: 'seed' };
  const top = s.split('/')[0];
  return ['plugins', 'lib', 'db'].includes(top) ? { layer: top } : { layer: 'other' };
}

/** What each server layer may import besides itself (the server's one-way layers, DESIGN §2). */
const SERVER_MAY_IMPORT = {
  program: ['app', 'composition', 'area', 'plugins', 'lib', 'db', 'seed', 'config'],
  app: ['composition', 'area', 'plugins', 'lib', 'db', 'seed', 'config'],
  composition: ['area', 'plugins', 'lib', 'db', 'config'],
  area: ['plugins', 'lib', 'db', 'seed', 'config'],
  plugins: ['lib', 'db', 'config'],
  db: ['lib', 'config'],
  seed: ['db', 'lib', 'config'],
  config: ['lib'],
  lib: [],
  other: ['plugins', 'lib', 'db', 'config'],
};
const layerName = (l) =>
  ({
    program: 'a program',
    app: 'app.ts',
    composition: 'modules/ (a registration)',
    area: `area "${l.area}"`,
    plugins: 'plugins',
    lib: 'lib',
    db: 'db',
    seed: 'db/seed',
    config: 'config.ts',
    test: 'test code',
    other: 'other',
  })[l.layer];

/**
 * The one pair of areas allowed to import each other, one way, and why (docs/decisions/0061): checkout is the cart's
 * last step; it locks, reads and prices the cart in its own transactions (the contract keeps both in cart.ts).
 */
const AREA_EXCEPTIONS = new Set(['checkout -> cart']);

/** Why an import from one server file to another breaks the layers, or null when it does not. */
function serverRule(from, to) {
  const a = serverLayerOf(from);
  const b = serverLayerOf(to);
  if (!a || !b || a.layer === 'test') return null;
  if (b.layer === 'test') return 'production code imports test code';
  if (a.layer === 'area' && b.layer === 'area')
    return a.area === b.area || AREA_EXCEPTIONS.has(`${a.area} -> ${b.area}`)
      ? null
      : `area "${a.area}" imports area "${b.area}"`;
  if (a.layer === b.layer) return null;
  if (SERVER_MAY_IMPORT[a.layer].includes(b.layer)) return null;
  return `${layerName(a)} imports ${layerName(b)}`;
}

const featureOf = (p) => /^apps\/web\/src\/features\/([^/]+)(\/|$)/.exec(rel(p))?.[1] ?? null;

/**
 * Where an import points, as an absolute path (a file that may not exist, e.g. a directory): relative
 * specifiers, the web's `@/` alias (apps/web/tsconfig.json "paths" and vite.config.ts "resolve.alias": `@/*` is
 * `apps/web/src/*`) and the contract's package name (`@portal/contract/*` is `packages/contract/src/*.ts`).
 * Null for any other package.
 */
function targetOf(from, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  if (spec.startsWith('@/') && rel(from).startsWith('apps/web/')) return path.join(root, 'apps/web/src', spec.slice(2));
  if (spec.startsWith('@portal/contract/')) return path.join(root, 'packages/contract/src', spec.slice(17));
  return null;
}

/** The source file an import target names, or null (a package, a stylesheet, a file that does not exist). */
function sourceFile(base) {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.(ts|tsx|mts)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return null;
}

for (const { file } of treeFiles(root)) {
  const r = rel(file);
  if (/(^|\/)index\.tsx?$/.test(r)) problems.push(`${r}: barrel index files are not allowed`);
  const text = fs.readFileSync(file, 'utf8');
  const edges = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const isWeb = r.startsWith('apps/web/');
    const isServer = r.startsWith('apps/server/');
    const isContract = r.startsWith('packages/contract/');
    const target = targetOf(file, spec);
    if (target) {
      const t = rel(target);
      if (isWeb && !t.startsWith('apps/web/') && !t.startsWith('packages/contract/'))
        problems.push(`${r}: the web may not import ${t}`);
      if (isServer && !t.startsWith('apps/server/') && !t.startsWith('packages/contract/'))
        problems.push(`${r}: the server may not import ${t}`);
      if (isContract && !t.startsWith('packages/contract/')) problems.push(`${r}: the contract may not import ${t}`);
      const from = featureOf(file);
      const to = featureOf(target);
      if (from && to && from !== to) problems.push(`${r}: feature "${from}" imports feature "${to}" (${t})`);
      if (!from && to && /apps\/web\/src\/(components|lib)\//.test(r))
        problems.push(`${r}: shared code imports feature "${to}"`);
      const source = sourceFile(target);
      if (source) edges.push(source);
      if (isServer) {
        const broken = serverRule(file, source ?? target);
        if (broken) problems.push(`${r}: ${broken} (${rel(source ?? target)})`);
      }
    } else {
      if (isWeb && /^@portal\/server|apps\/server/.test(spec)) problems.push(`${r}: the web may not import ${spec}`);
      if (isServer && /^@portal\/web|apps\/web/.test(spec)) problems.push(`${r}: the server may not import ${spec}`);
      if (isContract && /^@portal\/(server|web)/.test(spec)) problems.push(`${r}: the contract may not import ${spec}`);
    }
  }
  graph.set(file, edges);
}

// Cycles: depth-first search with colours; type-only imports count too (they still couple the files).
const state = new Map();
const stack = [];
function visit(node) {
  state.set(node, 1);
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 1) {
      const cycle = stack.slice(stack.indexOf(next)).concat(next).map(rel);
      problems.push(`import cycle: ${cycle.join(' -> ')}`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 2);
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

// ---- Fixtures live under test/ (issue 24, decision 0089) ---------------------------------------------------------
/**
 * A fixture file (`*-fixtures.ts`, `*.fixtures.ts`, `fixtures.ts`) holds test data and helpers: on the server it lives
 * under apps/server/src/test/, never beside production code, even when it imports no test code (a production folder
 * that holds one invites production code to import it). Elsewhere (web, contract) fixtures belong to test folders
 * too: a `test/` or `__tests__/` folder of their tree.
 */
const FIXTURE_FILE = /(^|[-./])fixtures\.(ts|tsx|mts)$/;
const TEST_FOLDER = /(^|\/)(test|__tests__)\//;
function checkFixturesUnderTest(rootDir) {
  const found = [];
  for (const { tree, file } of treeFiles(rootDir)) {
    const inTree = path.relative(path.join(rootDir, tree), file);
    if (FIXTURE_FILE.test(inTree) && !TEST_FOLDER.test(inTree))
      found.push(`${path.relative(rootDir, file)}: a fixture file outside test/ (move it to ${tree}/test/)`);
  }
  return found;
}
problems.push(...checkFixturesUnderTest(root));
// ---- end of fixtures under test/ --------------------------------------------------------------------------------

// ---- Calls declared once (issue 24) ----------------------------------------------------------------------------
/** An API path written as a string or a template literal: `'/api/`, `"/api/` or a backquote then `/api/`. */
const API_PATH_LITERAL = /['"`]\/api\//;
/** Test files may spell the paths they call. */
const TEST_FILE = /\.test\.(ts|tsx|mts)$/;
/** A query key given as an array literal: keys are `callKey(call, input)`, so one call's answers never mix. */
const QUERY_KEY_LITERAL = /\bqueryKey:\s*\[/;
/**
 * A user's rank compared by hand (`(user?.rankNumber ?? 0) >= RANK.admin`, `RANK.admin > rank`): who sees a control
 * is the rule of the call it makes, `mayCall(call, user)`, which alone reads the rank (lib/may-call.ts).
 */
const RANK_COMPARISON = /\brankNumber\b[\s\w.?()]*\s[<>]=?\s|\s[<>]=?\s+RANK\.|\bRANK\.\w+\s+[<>]=?\s/;
const MAY_CALL = 'apps/web/src/lib/may-call.ts';

/**
 * The web calls the API only through the contract's declarations (`call()`, `callKey()`, `callUrl()`, and helpers such
 * as `imageUrl`/`avatarUrl`): no API path is written anywhere in apps/web/src (features, lib, components, app), so that
 * the path, the rule and the types have one home. Every area is declared (decisions 0062 and 0084). Nor is a query
 * key written by hand, nor a user's rank compared outside lib/may-call.ts (decision 0062, session 22).
 */
function checkDeclaredCalls(rootDir) {
  return lineProblems(
    rootDir,
    'apps/web/src',
    (name, line, n) => [
      ...(API_PATH_LITERAL.test(line)
        ? [`${name}:${n}: an API path written on the web (declare the call in the contract and use call())`]
        : []),
      ...(QUERY_KEY_LITERAL.test(line)
        ? [`${name}:${n}: a query key written by hand (use callKey() of the call it reads)`]
        : []),
      ...(name !== MAY_CALL && RANK_COMPARISON.test(line)
        ? [`${name}:${n}: a user's rank compared by hand (ask mayCall() of the call the control makes)`]
        : []),
    ],
    (name) => !TEST_FILE.test(name),
  );
}
problems.push(...checkDeclaredCalls(root));
// ---- end of calls declared once ---------------------------------------------------------------------------------

// ---- SQL only in repositories (issue 24, decision 0085) ---------------------------------------------------------
/** The files of a server area that hold no SQL: its routes, services, runners and jobs (not their tests). */
const NO_SQL_FILE = /^apps\/server\/src\/modules\/([^/]+)\/(?:.+\/)?[^/]+\.(routes|service|runner|job)\.ts$/;
/**
 * What counts as SQL there, on any line (comments too): a `sql` tagged template or one of its helpers (`sql.raw(`,
 * `sql.join(`, …), a call of `queryRows` or `queryRowsReused`, and an `.execute(` (a statement run on a Db or a
 * transaction). Drizzle's query builder (`db.select()…`) is not matched: it is kept out by review, as before.
 */
const SQL_IN_CODE = [
  { pattern: /\bsql(?:`|\.\w+\s*\()/, what: 'a sql template' },
  { pattern: /\bqueryRows(?:Reused)?\s*[<(]/, what: 'a queryRows call' },
  { pattern: /\.execute\s*\(/, what: 'an execute call' },
];
function checkSqlInRepositories(rootDir) {
  return lineProblems(
    rootDir,
    'apps/server/src/modules',
    (r, line, n) =>
      SQL_IN_CODE.filter((rule) => rule.pattern.test(line)).map(
        (rule) =>
          `${r}:${n}: ${rule.what} in a ${NO_SQL_FILE.exec(r)?.[2]} file (SQL lives in the area's *.repository.ts)`,
      ),
    (r) => NO_SQL_FILE.test(r),
  );
}
problems.push(...checkSqlInRepositories(root));

/**
 * Nor anywhere else in the server but where SQL lives (issue 24, decision 0085 amended in session 23): a `sql`
 * template or helper (`sql.raw(`, `sql.join(`, …) is written only in a file named for it, `*.repository.ts` (it
 * runs statements, with typed rows) or `*.sql.ts` (it builds fragments and runs none: the grids' builder, the
 * catalogue search's conditions, the SQL twins of the rules), in `db/` (the client, migrations' runner, seed, shared
 * helpers), and in tests (`*.test.ts`, `test/`). The routes, services, runners and jobs are left to the check above.
 */
const SQL_HOME = /^apps\/server\/src\/(?:db\/|test\/|.+\.(?:repository|sql|test)\.ts$)/;
function checkSqlHomes(rootDir) {
  return lineProblems(
    rootDir,
    'apps/server/src',
    (r, line, n) =>
      SQL_IN_CODE[0].pattern.test(line)
        ? [`${r}:${n}: a sql template outside a repository (SQL lives in *.repository.ts, or *.sql.ts for a builder)`]
        : [],
    (r) => !SQL_HOME.test(r) && !NO_SQL_FILE.test(r),
  );
}
problems.push(...checkSqlHomes(root));
// ---- end of SQL only in repositories ----------------------------------------------------------------------------

// ---- Rules once (issue 24, decision 0071) ------------------------------------------------------------------------
/**
 * Rules that have one home may not be written again elsewhere: the business time zone's name outside
 * lib/business-time.ts, and a hard-coded 21 % VAT (`0.21`, `1.21`, `* 21 / 100`) or a rate made into VAT by hand (a
 * percentage `vat_pct / 100`, `${DEFAULT_VAT_PCT} / 100`; basis points `${VAT_RATE_DEFAULT_BP} / 10000`, issue 24)
 * outside lib/vat.ts. Production code
 * and test helpers are checked; `*.test.ts` files may spell the SQL or the figure they expect.
 */
const RULE_HOMES = [
  {
    home: ['apps/server/src/lib/business-time.ts'],
    pattern: /Europe\/Madrid/,
    what: 'the business time zone written (use BUSINESS_TIME_ZONE of apps/server/src/lib/business-time.ts)',
  },
  {
    home: ['apps/server/src/lib/vat.ts', 'apps/server/src/lib/vat.sql.ts'],
    pattern:
      /(?<![\d.])[01]\.21(?!\d)|\*\s*21\s*\/\s*100(?!\d)|(?:vat_?pct|VAT_PCT)[)}]*\s*\/\s*100(?![\d.])|(?:rate_?bp|_BP)[)}]*\s*\/\s*10000(?!\d)/i,
    what: 'a 21 % VAT written, or a rate made into VAT by hand (use VAT_RATE_DEFAULT_BP, vatCents or vatSql of apps/server/src/lib/vat.ts)',
  },
];
function checkRuleHomes(rootDir) {
  const found = [];
  for (const { file } of treeFiles(rootDir)) {
    const r = path.relative(rootDir, file);
    if (/\.test\.tsx?$/.test(r)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (const rule of RULE_HOMES) {
      if (rule.home.includes(r)) continue;
      lines.forEach((line, i) => {
        if (rule.pattern.test(line)) found.push(`${r}:${i + 1}: ${rule.what}`);
      });
    }
  }
  return found;
}
problems.push(...checkRuleHomes(root));
// ---- end of rules once ------------------------------------------------------------------------------------------

// ---- Typed rows (issue 24, decision 0093) ----------------------------------------------------------------------
/**
 * A row is typed by the schema it is parsed with where it is read (`queryRows(db, query, schema)`), not by a cast.
 * The unchecked forms are counted per server area (`modules/<area>`, or the top folder: `db`, `plugins`, `lib`,
 * `test`), in production files and test helpers (not `*.test.ts`), and held to the ceilings of
 * `scripts/typed-rows-ceilings.json` of the tree checked (an area it does not name: 0). An area above its ceiling is
 * refused; one below it too, until the ceiling is lowered to its count: the counts only go down.
 */
const UNCHECKED_ROWS = [
  { key: 'queryRows<', pattern: /(?<!function\s+)\bqueryRows(?:Reused)?\s*</g, what: 'queryRows<T> casts' },
  { key: 'as unknown as Db', pattern: /\bas\s+unknown\s+as\s+Db\b/g, what: "'as unknown as Db' casts" },
];
const serverAreaOf = (r) => {
  const m = /^apps\/server\/src\/(?:modules\/([^/]+)\/|([^/]+)\/)/.exec(r);
  return m ? (m[1] ? `modules/${m[1]}` : m[2]) : null;
};
function checkTypedRows(rootDir) {
  const found = [];
  const dir = path.join(rootDir, 'apps/server/src');
  if (!fs.existsSync(dir)) return found;
  const file = path.join(rootDir, 'scripts/typed-rows-ceilings.json');
  const ceilings = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const rule of UNCHECKED_ROWS) {
    const counts = new Map();
    for (const f of walk(dir)) {
      const r = path.relative(rootDir, f);
      const area = serverAreaOf(r);
      if (!area || TEST_FILE.test(r)) continue;
      const n = (fs.readFileSync(f, 'utf8').match(rule.pattern) ?? []).length;
      if (n) counts.set(area, (counts.get(area) ?? 0) + n);
    }
    const limits = ceilings[rule.key] ?? {};
    for (const area of new Set([...counts.keys(), ...Object.keys(limits)])) {
      const n = counts.get(area) ?? 0;
      const ceiling = limits[area] ?? 0;
      const where = `apps/server/src/${area}`;
      if (n > ceiling)
        found.push(`${where}: ${n} ${rule.what}, above its ceiling of ${ceiling} (parse rows with a schema)`);
      else if (n < ceiling && fs.existsSync(path.join(rootDir, where)))
        found.push(
          `${where}: ${n} ${rule.what}, below its ceiling of ${ceiling}: lower it in typed-rows-ceilings.json`,
        );
    }
  }
  return found;
}
problems.push(...checkTypedRows(root));

/**
 * The tests' own unchecked reader (`testRows` of apps/server/src/test/rows.ts): a test reads rows to assert on them,
 * and casts them; production code parses what it reads. So that file is imported only by `*.test.ts` files and the
 * test helpers of apps/server/src/test/ (production code importing any test code is refused above too; this also
 * refuses it from scripts, the contract or the web, and names the reader).
 */
const TEST_ROWS = 'apps/server/src/test/rows.ts';
function checkTestRowsImports(rootDir) {
  const found = [];
  for (const { file } of treeFiles(rootDir)) {
    const r = path.relative(rootDir, file);
    if (TEST_FILE.test(r) || r.startsWith('apps/server/src/test/')) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = sourceFile(path.resolve(path.dirname(file), spec));
      if (target && path.relative(rootDir, target) === TEST_ROWS)
        found.push(`${r}: imports ${TEST_ROWS} (the tests' unchecked reader: parse rows with a schema, decision 0093)`);
    }
  }
  return found;
}
problems.push(...checkTestRowsImports(root));
// ---- end of typed rows ------------------------------------------------------------------------------------------

// ---- One vocabulary per area (issue 24, decision 0095) -----------------------------------------------------------
/**
 * An area has one name in the server's `modules/<area>/`, the web's `features/<area>/` and the contract (DESIGN §2):
 * each web feature is named after a server module, and so is each contract file that declares calls (an `endpoint(`
 * or a `*-calls.ts` name): `<area>.ts`, `<area>-calls.ts`, `<area>-<part>.ts`, or `<part>.ts` for a part an area
 * registers from `modules/<area>/<part>.routes.ts` (the cart's lists). Contract files that declare no call are shared
 * vocabularies (constants, grids, brands, quantity), no area's. Checked when the tree has server modules.
 */
const NOT_AN_AREA = {
  // Web features with no server module of the name.
  'features/dashboard': 'the home screen: its widgets read several areas (modules/dashboard-summary.ts composes it)',
  // Contract files that declare calls but are no one area's.
  'contract/endpoint.ts': 'the declaration of a call itself',
  'contract/content-tree.ts': 'the tree rules and node save/delete calls categories and menus share',
  'contract/documents.ts': 'the ERP documents sales, invoices, packing slips and reports share',
  'contract/shell.ts': "the frame's one call, composed in modules/site.ts from several areas",
};
function checkAreaNames(rootDir) {
  const found = [];
  const modulesDir = path.join(rootDir, 'apps/server/src/modules');
  if (!fs.existsSync(modulesDir)) return found;
  const entries = fs.readdirSync(modulesDir, { withFileTypes: true });
  const areas = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  const parts = new Set();
  for (const area of areas)
    for (const f of fs.readdirSync(path.join(modulesDir, area)))
      if (f.endsWith('.routes.ts')) parts.add(f.slice(0, -'.routes.ts'.length));
  const named = (name) => areas.has(name) || parts.has(name) || [...areas].some((area) => name.startsWith(`${area}-`));
  const featuresDir = path.join(rootDir, 'apps/web/src/features');
  if (fs.existsSync(featuresDir))
    for (const e of fs.readdirSync(featuresDir, { withFileTypes: true }))
      if (e.isDirectory() && !areas.has(e.name) && !NOT_AN_AREA[`features/${e.name}`])
        found.push(`apps/web/src/features/${e.name}: a web feature no server module is named after (modules/<area>)`);
  const contractDir = path.join(rootDir, 'packages/contract/src');
  if (fs.existsSync(contractDir))
    for (const f of fs.readdirSync(contractDir)) {
      if (!/\.ts$/.test(f) || TEST_FILE.test(f)) continue;
      const name = f.slice(0, -3).replace(/-calls$/, '');
      const declares =
        f.endsWith('-calls.ts') || /\bendpoint\(/.test(fs.readFileSync(path.join(contractDir, f), 'utf8'));
      if (declares && !named(name) && !NOT_AN_AREA[`contract/${f}`])
        found.push(
          `packages/contract/src/${f}: calls declared in a file no server module is named after (modules/<area>)`,
        );
    }
  return found;
}
problems.push(...checkAreaNames(root));
// ---- end of one vocabulary per area -----------------------------------------------------------------------------

// ---- Journeys read what a person perceives (issue 24, decision 0089) ---------------------------------------------
/**
 * A journey (apps/web/e2e) finds what it checks by role, name, label or the page's own `data-testid`, not by Ant
 * Design's class names (`.ant-popover`, `ant-table-column-has-sorters`): those say how the library draws a thing, not
 * what a user or an assistive technology is told, and change with the library. Where the library tells nothing, the
 * component is given an accessible handle (aria-current, aria-level, aria-busy). No class is kept.
 */
const ANT_CLASS = /(?<![\w-])ant-[a-z]/;
function checkJourneySelectors(rootDir) {
  return lineProblems(rootDir, 'apps/web/e2e', (r, line, n) =>
    ANT_CLASS.test(line)
      ? [`${r}:${n}: an Ant Design class in a journey (find it by role, name, label or data-testid)`]
      : [],
  );
}
problems.push(...checkJourneySelectors(root));
// ---- end of journeys by role --------------------------------------------------------------------------------------

// ---- tests sign in users of their own (issue 24, decision 0089) ----------------------------------------------------
/**
 * A server test signs in a user it made (`makeUser`, apps/server/src/test/users.ts), not one of the seed's: a seed
 * user's cart, sessions, lists and notifications are shared by every test of a file, and a test that changes them
 * leaves them to the next. The seed's user names are read from the seed itself. A file may sign in a seed user only
 * where what it reads is that user's own seeded data, named here with the reason.
 */
const SEED_SIGN_IN_KEPT = {
  'apps/server/src/modules/notifications/notifications.test.ts':
    "reads the alerts, bell, web order, refund and notifications the seed gave 'buyer'",
};
const SEED_USER_NAME = /\busername: '([^']+)'|insert into users \(username[^)]*\)\s*values \('([^']+)'/g;
function seedUserNames(rootDir) {
  const names = new Set();
  const dir = path.join(rootDir, 'apps/server/src/db/seed');
  if (!fs.existsSync(dir)) return names;
  for (const file of walk(dir)) {
    if (TEST_FILE.test(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SEED_USER_NAME)) names.add(m[1] ?? m[2]);
  }
  return names;
}
const SIGN_IN_BY_NAME = /\bsignIn\([^,()]+,\s*'([^']+)'/g;
function checkSeedSignIns(rootDir) {
  const seedUsers = seedUserNames(rootDir);
  return lineProblems(
    rootDir,
    'apps/server/src',
    (r, line, n) =>
      [...line.matchAll(SIGN_IN_BY_NAME)]
        .filter((m) => seedUsers.has(m[1]))
        .map((m) => `${r}:${n}: a test signs in the seed's user '${m[1]}' (make one: makeUser in test/users.ts)`),
    (r) => (TEST_FILE.test(r) || /(^|\/)test\//.test(r)) && !(r in SEED_SIGN_IN_KEPT),
  );
}
problems.push(...checkSeedSignIns(root));
// ---- end of tests' own users ---------------------------------------------------------------------------------------

if (problems.length) {
  console.error(`Import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries: ${graph.size} files checked, no problem.`);
