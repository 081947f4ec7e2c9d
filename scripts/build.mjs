// `npm run build` (decision 0054): compiles the server (esbuild: apps/server/src with packages/contract into
// apps/server/dist, the npm packages left outside) and the web app (Vite: apps/web/dist). `node scripts/build.mjs
// server` or `web` builds one. Needs the dev dependencies; what it writes runs without them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');
export const serverDist = path.join(root, 'apps/server/dist');

/** The programs of the compiled server, each a file of apps/server/dist. */
export const SERVER_ENTRIES = {
  server: 'apps/server/src/server.ts',
  'create-admin': 'apps/server/src/create-admin.ts',
  migrate: 'apps/server/src/db/migrate-cli.ts',
  'demo-erp': 'apps/server/src/demo-erp-cli.ts',
};

/**
 * The bundle is one folder, so every module of it has dist/ as `import.meta.dirname`. Each source module is given
 * back its own folder's place under dist/ (src/db/migrate.ts sees dist/db), where the files it reads beside it are
 * copied: the migrations, the dictionaries, the config's repository root all resolve as they do from src/.
 */
const ownFolder = {
  name: 'own-folder',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(serverSrc + path.sep)) return undefined;
      const contents = fs.readFileSync(args.path, 'utf8');
      const folder = path.relative(serverSrc, path.dirname(args.path)).split(path.sep).join('/');
      if (!folder || !contents.includes('import.meta.dirname')) return { contents, loader: 'ts' };
      return {
        contents: contents.replaceAll('import.meta.dirname', `(import.meta.dirname + "/${folder}")`),
        loader: 'ts',
      };
    });
  },
};

/** Every file of src/ that is not TypeScript (SQL migrations, dictionaries), copied to the same place under dist/. */
function copyAssets(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyAssets(source, path.join(to, entry.name));
    else if (!entry.name.endsWith('.ts')) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, path.join(to, entry.name));
    }
  }
}

export async function buildServer() {
  const started = performance.now();
  const esbuild = await import('esbuild');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // Installed packages stay outside (they are in node_modules at run time); the contract is source: it goes in.
  const external = Object.keys(manifest.dependencies)
    .filter((name) => name !== '@portal/contract')
    .flatMap((name) => [name, `${name}/*`]);
  fs.rmSync(serverDist, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: serverDist,
    bundle: true,
    // Chunks keep server.ts's `await import(…)`: a refused start answers before the app's modules load.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownFolder],
  });
  copyAssets(serverSrc, serverDist);
  await esbuild.stop();
  console.log(`Server compiled into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
}

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const parts = process.argv.slice(2);
  const all = parts.length === 0;
  if (all || parts.includes('server')) await buildServer();
  if (all || parts.includes('web')) buildWeb();
}
