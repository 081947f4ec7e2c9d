import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The arguments that run a program of the compiled server (`apps/server/dist/NAME.js`), as `npm start` and
 * `npm run create-admin` run it in production (decision 0054): built first when its sources are newer
 * (scripts/built.mjs; `npm test` has built it already). A test of a program runs what is shipped, and starts it on a
 * fifth less CPU than the sources through tsx.
 */
export function compiledProgram(name: 'server' | 'create-admin'): string[] {
  const built = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/built.mjs')).ensureBuilt(['server'])"],
    { cwd: root, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the server could not be built: ${built.stderr || built.stdout}`);
  return [path.join(root, 'apps/server/dist', `${name}.js`)];
}
