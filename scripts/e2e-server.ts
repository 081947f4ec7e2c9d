// Starts the portal for the browser journeys: port E2E_PORT (default 3100), 127.0.0.1 mapped to web context 1 while localhost stays
// context 0, on a fresh copy of the demo database template the API tests use (decision 0018): the copy is a
// directory of its own, removed when the server stops (Playwright stops it with SIGTERM, see playwright.config.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePgliteTemplate, scratchRoot } from '../apps/server/src/test/db-template.ts';
import { startTestProvider } from '../apps/server/src/test/oidc-provider.ts';
import { ensureBuilt } from './built.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The compiled server, as `npm start` runs it (built again here when its sources are newer): it starts on a fifth
// less CPU than the sources through tsx, three times a CI run. The web app is built the same way.
ensureBuilt(['server', 'web']);
const template = await ensurePgliteTemplate();
const dataDir = fs.mkdtempSync(path.join(scratchRoot(), 'e2e-'));
fs.cpSync(template, dataDir, { recursive: true });
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
const port = process.env.E2E_PORT ?? '3100';
fs.writeFileSync(path.join(root, `test-results/e2e-data-dir-${port}.txt`), dataDir);

// An OpenID Connect provider on this machine for the external sign-in journey (decision 0036): it signs in one
// person at once, so the journey sees the portal's side of the flow.
const provider = await startTestProvider();

const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_CONTEXT: '0',
    WEB_CONTEXT_HOSTS: '127.0.0.1=1',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Nothing reaches the ERP by itself: a journey that needs it says so ("Enviar al ERP ahora"), so a slow machine
    // cannot have the background job act first and take that button away.
    ERP_IMPORT_INTERVAL_SECONDS: '0',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Cuenta del grupo',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  await provider.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
