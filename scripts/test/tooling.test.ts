import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts;
const biome = path.join(repo, 'node_modules/.bin/biome');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs `npm run lint`'s Biome command, with the repository's biome.json, on a tree holding one file. */
function lint(source: string) {
  const [command, ...args] = (scripts.lint ?? '').split(/\s+/);
  expect(command).toBe('biome');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  dirs.push(dir);
  fs.copyFileSync(path.join(repo, 'biome.json'), path.join(dir, 'biome.json'));
  fs.writeFileSync(path.join(dir, 'a.ts'), source);
  return spawnSync(biome, args, { cwd: dir, encoding: 'utf8' });
}

describe('npm run lint', () => {
  it('fails on a warning (an unused variable), not only on errors', () => {
    const res = lint('export function f(): number {\n  const unused = 1;\n  return 2;\n}\n');
    expect(`${res.stdout}${res.stderr}`).toContain('lint/correctness/noUnusedVariables');
    expect(res.status).not.toBe(0);
  });

  it('passes a file without diagnostics, and biome.json is read without a deprecation', () => {
    const res = lint('export function f(): number {\n  return 2;\n}\n');
    expect(`${res.stdout}${res.stderr}`).not.toMatch(/DEPRECATED|deprecated/);
    expect(res.status, `${res.stdout}${res.stderr}`).toBe(0);
  });
});

/** Every TypeScript file of the repository (not dependencies, builds or test output), relative, with `/`. */
function typeScriptFiles(dir = repo): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...typeScriptFiles(full));
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path.relative(repo, full).split(path.sep).join('/'));
  }
  return out;
}

/**
 * Whether a tsconfig "include" entry (relative to its project) takes a file: a directory takes what is under
 * it; `*` stands for any characters of one path segment.
 */
function included(project: string, entry: string, file: string): boolean {
  const pattern = path.posix.normalize(path.posix.join(project, entry));
  const glob = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}(/.*)?$`);
  return glob.test(file);
}

describe('npm run typecheck', () => {
  it('checks every TypeScript file of the repository, the scripts and tool configurations included', () => {
    const projects = [...(scripts.typecheck ?? '').matchAll(/tsc -p (\S+)/g)].map((m) => m[1]!);
    const includes = projects.map((project) => {
      const config = JSON.parse(fs.readFileSync(path.join(repo, project, 'tsconfig.json'), 'utf8'));
      return { project, include: config.include as string[] };
    });
    const unchecked = typeScriptFiles().filter(
      (file) => !includes.some(({ project, include }) => include.some((entry) => included(project, entry, file))),
    );
    expect(unchecked).toEqual([]);
  });
});

/** The source files that may read the environment: server, web, contract and scripts (tests aside). */
function sourceFiles(): string[] {
  return typeScriptFiles()
    .concat(fs.readdirSync(path.join(repo, 'scripts')).map((name) => `scripts/${name}`))
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith('.test.ts'))
    .filter((file) => /^(apps\/(server|web)\/|packages\/|scripts\/|vitest\.config\.ts$)/.test(file));
}

describe('README', () => {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');

  it("documents every setting of the server's configuration in its Configuration table", () => {
    const config = fs.readFileSync(path.join(repo, 'apps/server/src/config.ts'), 'utf8');
    const schema = config.slice(config.indexOf('const envSchema = z.object({'));
    const settings = [...schema.slice(0, schema.indexOf('\n});')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
      (m) => m[1]!,
    );
    expect(settings).toContain('DATA_DIR');
    const table = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` /gm)].map((m) => m[1]!));
    expect(settings.filter((name) => !table.has(name))).toEqual([]);
  });

  it('names every environment variable the code reads (servers, tests, journeys, benchmarks, dev tools)', () => {
    const read = new Set<string>();
    for (const file of sourceFiles()) {
      const text = fs.readFileSync(path.join(repo, file), 'utf8');
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) read.add(m[1]!);
    }
    expect(read).toContain('TEST_DATABASE_URL');
    expect([...read].filter((name) => !readme.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});
