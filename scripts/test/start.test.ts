import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { copyPgliteTemplate } from '../../apps/server/src/test/db-template.ts';

/**
 * `npm start` as a supervisor runs it (decision 0054): the real npm process, on a copy of the demo database
 * template, building what is stale; it serves from the compiled server in its own process and stops on SIGTERM.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = copyPgliteTemplate(inject('pgliteTemplate'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_ON_START: 'none',
  ERP_IMPORT_INTERVAL_SECONDS: '0',
  LOG_LEVEL: 'info',
};

/** Starts a command; resolves with its port once it logs that it is ready (rejects if it exits first). */
function startServer(command: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = /portal ready on http:\/\/localhost:(\d+)[",]/.exec(line);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited ${code} before it was ready: ${stderr}`)));
  });
}

/** The command lines of a process and of all its descendants. */
function processTree(pid: number): string[] {
  const own = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [own, ...children.flatMap((child) => processTree(Number(child)))];
}

/** Whether anything accepts a connection on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('npm start (compiled build)', () => {
  it('serves from apps/server/dist in its own process, with no tsx or esbuild process', async () => {
    const { child, port } = await startServer('npm', ['start']);
    expect(fs.existsSync(path.join(root, 'apps/server/dist/server.js'))).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(await page.text()).toContain('<div id="root">');
    const tree = processTree(child.pid!);
    // npm, and the node process it `exec`s (no shell between them, no child server).
    expect(tree).toEqual([expect.stringMatching(/^npm start/), 'node scripts/start.mjs']);

    // What a supervisor sends to the process it started: npm forwards it, the server closes and exits 0.
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await accepts(port)).toBe(false);
    // On a fresh clone it builds the web app and the server first.
  }, 240_000);

  it('npm run create-admin runs from the compiled build and its link is served', async () => {
    const made = spawnSync(
      'npm',
      ['run', '--silent', 'create-admin', '--', '--username', 'jefe', '--email', 'j@x.es'],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const token = /\/set-password\/([A-Za-z0-9_-]{43})$/m.exec(made.stdout)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { child, port } = await startServer(process.execPath, ['apps/server/dist/server.js']);
    const check = await fetch(`http://127.0.0.1:${port}/api/account/checkpasswordlink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(await check.json()).toEqual({ purpose: 'welcome', userName: 'jefe' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
