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

describe('external sign-in settings (decision 0036)', () => {
  const problems = async (env: Record<string, string>) => {
    const { loadConfig, ConfigError } = await import('./config.ts');
    try {
      return { config: loadConfig({ NODE_ENV: 'test', ...env }), problems: [] as string[] };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return { config: null, problems: error.problems };
    }
  };
  const full = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's3cret' };

  it('is off by default, and on with the issuer, client id and secret', async () => {
    expect((await problems({})).config?.oidc).toBeNull();
    const on = await problems(full);
    expect(on.config?.oidc).toMatchObject({ clientId: 'portal', name: 'OpenID' });
    expect(on.config?.oidc?.issuer.href).toBe('https://id.example.com/');
  });

  it('refuses a half configuration, naming what is missing', async () => {
    expect((await problems({ OIDC_ISSUER: full.OIDC_ISSUER })).problems).toEqual([
      'OIDC_CLIENT_ID: must be set with OIDC_ISSUER',
      'OIDC_CLIENT_SECRET: must be set with OIDC_ISSUER',
    ]);
    expect((await problems({ OIDC_CLIENT_ID: 'portal' })).problems).toEqual([
      'OIDC_ISSUER: must be set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    ]);
  });

  it('takes plain http only from a provider on this machine, and never in production', async () => {
    const local = { ...full, OIDC_ISSUER: 'http://127.0.0.1:4000' };
    expect((await problems(local)).problems).toEqual([]);
    expect((await problems({ ...full, OIDC_ISSUER: 'http://id.example.com' })).problems).toEqual([
      'OIDC_ISSUER: must be https (plain http only for a provider on this machine, outside production)',
    ]);
    const production = await problems({
      ...local,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      PAYMENT_GATEWAY: 'test',
      REDSYS_MERCHANT_KEY: 'k'.repeat(32),
      EMBEDDED_DB: 'true',
    });
    expect(production.problems).toEqual([
      'OIDC_ISSUER: must be https (plain http only for a provider on this machine, outside production)',
    ]);
  });
});

describe("V8's heap growing factor (decision 0083)", () => {
  it('is 50 % unless set; 0 leaves V8 its own; past 300 the start is refused, naming the variable', async () => {
    const { loadConfig, ConfigError } = await import('./config.ts');
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '120' }).heapGrowingPercent).toBe(120);
    let refused: unknown;
    try {
      loadConfig({ HEAP_GROWING_PERCENT: '400' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as InstanceType<typeof ConfigError>).problems.join('\n')).toContain('HEAP_GROWING_PERCENT');
  });
});
