import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The paths `loadConfig` gives for `env`, in a process started in `cwd` (as `npm run … -w apps/server` does). */
function pathsIn(cwd: string, env: Record<string, string> = {}) {
  const code = `import { loadConfig } from ${JSON.stringify(path.join(repoRoot, 'apps/server/src/config.ts'))};
    const c = loadConfig(${JSON.stringify(env)});
    console.log(JSON.stringify({ dataDir: c.dataDir, technicalFilesDir: c.technicalFilesDir, webDist: c.webDist }));`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd,
    encoding: 'utf8',
  });
  expect(res.status, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as { dataDir: string; technicalFilesDir: string; webDist: string };
}

describe('configuration paths', () => {
  it('are the same ./data whether started from the repository root or from apps/server', () => {
    const expected = {
      dataDir: path.join(repoRoot, 'data'),
      technicalFilesDir: path.join(repoRoot, 'data/technical-files'),
      webDist: path.join(repoRoot, 'apps/web/dist'),
    };
    // npm start runs in the root; npm run db:migrate, db:seed and dev:server run their workspace's script in apps/server.
    expect(pathsIn(repoRoot)).toEqual(expected);
    expect(pathsIn(path.join(repoRoot, 'apps/server'))).toEqual(expected);
  });

  it('take relative settings from the repository root and absolute ones as they are', () => {
    const server = path.join(repoRoot, 'apps/server');
    expect(pathsIn(server, { DATA_DIR: 'var/portal', WEB_DIST: 'build/web' })).toEqual({
      dataDir: path.join(repoRoot, 'var/portal'),
      technicalFilesDir: path.join(repoRoot, 'var/portal/technical-files'),
      webDist: path.join(repoRoot, 'build/web'),
    });
    expect(pathsIn(server, { DATA_DIR: '/srv/portal', TECHNICAL_FILES_DIR: '/srv/files' })).toMatchObject({
      dataDir: '/srv/portal',
      technicalFilesDir: '/srv/files',
    });
  });
});
