// What `npm start` and `npm run create-admin` run first (decision 0054): the parts whose sources changed since
// they were built are built again, when the build tools are installed; a production install (`npm ci --omit=dev`)
// has none, so it needs `npm run build` done before, and says so instead of failing on a missing tool.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

const PARTS = {
  web: {
    built: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins',
      'packages/contract/src',
    ],
    tool: 'vite',
  },
  server: {
    built: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'packages/contract/src', 'apps/server/package.json', 'scripts/build.mjs'],
    tool: 'esbuild',
  },
};

/** The newest modification time under a path; tests are not part of a build. */
function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full) || /\.test\.ts$/.test(p)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(p, name))));
}

/** Builds the named parts that are missing or older than their sources; exits 1 when one cannot be built here. */
export function ensureBuilt(names) {
  for (const name of names) {
    const part = PARTS[name];
    const builtAt = fs.existsSync(path.join(root, part.built)) ? fs.statSync(path.join(root, part.built)).mtimeMs : 0;
    if (Math.max(...part.sources.map(newest)) <= builtAt) continue;
    if (!fs.existsSync(path.join(root, 'node_modules/.bin', part.tool))) {
      console.error(
        `The ${name} build (${part.built}) is ${builtAt ? 'older than its sources' : 'missing'} and ${part.tool} is not installed: run \`npm ci && npm run build\` first (a production install, \`npm ci --omit=dev\`, has no build tools).`,
      );
      process.exit(1);
    }
    console.log(`Building the ${name}...`);
    const result = spawnSync(process.execPath, ['scripts/build.mjs', name], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/** A program of the compiled server (apps/server/dist/NAME.js), run in this process: signals reach it directly. */
export async function runServerProgram(name) {
  await import(pathToFileURL(path.join(root, 'apps/server/dist', `${name}.js`)).href);
}
