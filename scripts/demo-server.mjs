// The portal as the audits see it (scripts/bench-lighthouse.mjs, scripts/measure-requests.mjs): the real server on a
// fresh embedded database with the demo data, serving the built web app on 127.0.0.1:`port`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts it; `ready()` resolves once it answers /api/health, `stop()` ends it and removes its data. */
export function startDemoServer(port, name) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('No apps/web/dist: build the web app first (npm run build).');
    process.exit(2);
  }
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  return {
    base,
    async ready() {
      for (;;) {
        if (server.exitCode !== null) throw new Error('the server exited during start-up');
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
