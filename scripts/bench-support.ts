// Shared by the TypeScript benches: start the portal on a port and wait until it answers, sign in, percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Starts `apps/server/src/server.ts` with the given environment and resolves once /api/health answers 200. */
export async function startPortal(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {}
    if (server.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopPortal(server: ChildProcess) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

export async function accessToken(base: string, username: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * A lean HTTP client for load: keep-alive sockets (one per concurrent caller) and no decompression, so that
 * the load generator, which shares the cores with the server and the database, takes as little as it can.
 * Answers the status and the body.
 */
export function loadClient(base: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  return {
    get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const req = http.get({ agent, hostname, port, path: pathAndQuery, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}
