import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledProgram } from './test/compiled-program.ts';

/**
 * `NODE_ENV=production` is safe by default or refuses to start (decision 0015). Each case starts the real server
 * process (compiled, as shipped) with a temporary DATA_DIR on an empty database (PGlite's, or PostgreSQL's in the PostgreSQL run) and
 * reads what it prints.
 */
const root = path.resolve(import.meta.dirname, '../../..');
/** The compiled server, as `npm start` runs it in production. */
const program = compiledProgram('server');
const dirs: string[] = [];
const running = new Set<ChildProcess>();
afterAll(() => {
  // A process still running here belongs to a failed case.
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A private merchant key (base64 of 24 bytes, as the bank gives it), not the public test key. */
const PRIVATE_KEY = Buffer.from('a merchant key, private!').toString('base64');
const PUBLIC_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const SAFE = { PUBLIC_URL: 'https://portal.example', REDSYS_MERCHANT_KEY: PRIVATE_KEY };
/** The embedded database, asked for explicitly (production refuses to fall back to it silently). */
const EMBEDDED = { EMBEDDED_DB: 'true' };

type Started =
  | { kind: 'exited'; code: number | null; stderr: string; stdout: string; dataDir: string }
  | { kind: 'ready'; url: string; child: ChildProcess; line: string };

/** Starts the server with only the given environment; resolves when it exits or logs that it is ready. */
function start(env: Record<string, string>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, program, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout += `${line}\n`;
      // It listens on 127.0.0.1 and names it localhost, which may resolve to ::1 first: call it by address.
      const ready = /portal ready on http:\/\/localhost:(\d+)[",]/.exec(line);
      if (ready) resolve({ kind: 'ready', url: `http://127.0.0.1:${ready[1]}`, child, line });
    });
    child.on('close', (code) => {
      running.delete(child);
      resolve({ kind: 'exited', code, stderr, stdout, dataDir });
    });
  });
}

async function stop(child: ChildProcess) {
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.kill('SIGTERM');
  return closed;
}

/** Starts with the given environment and expects one line naming the variable, before anything else happens. */
async function expectRefusal(env: Record<string, string>, variable: string) {
  const started = await start(env);
  if (started.kind === 'ready') {
    await stop(started.child);
    throw new Error(`the server started on ${started.url} instead of refusing`);
  }
  expect(started.code).toBe(1);
  const lines = started.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Refusing to start: ${variable}: `));
  expect(started.stdout).toBe('');
  // Refused before the database was opened.
  expect(fs.readdirSync(started.dataDir)).toEqual([]);
}

describe.concurrent('NODE_ENV=production refuses to start, naming the variable', () => {
  it('without PUBLIC_URL', () => expectRefusal({ ...EMBEDDED, REDSYS_MERCHANT_KEY: PRIVATE_KEY }, 'PUBLIC_URL'));
  it('without REDSYS_MERCHANT_KEY (the bank’s production page by default)', () =>
    expectRefusal({ ...EMBEDDED, PUBLIC_URL: SAFE.PUBLIC_URL }, 'REDSYS_MERCHANT_KEY'));
  it('with the public test key, even on the bank’s test page', () =>
    expectRefusal(
      { ...SAFE, ...EMBEDDED, PAYMENT_GATEWAY: 'test', REDSYS_MERCHANT_KEY: PUBLIC_TEST_KEY },
      'REDSYS_MERCHANT_KEY',
    ));
  it('with the sandbox payment page', () =>
    expectRefusal({ ...SAFE, ...EMBEDDED, PAYMENT_GATEWAY: 'sandbox' }, 'PAYMENT_GATEWAY'));
  it('with a TOKEN_SECRET shorter than 32 characters', () =>
    expectRefusal({ ...SAFE, ...EMBEDDED, TOKEN_SECRET: 'x'.repeat(31) }, 'TOKEN_SECRET'));
  it('without DATABASE_URL, unless EMBEDDED_DB=true asks for the embedded database', () =>
    expectRefusal({ ...SAFE }, 'DATABASE_URL'));
  it('with a merchant key that does not decode to 24 bytes (every card payment would fail)', () =>
    expectRefusal(
      { ...SAFE, ...EMBEDDED, REDSYS_MERCHANT_KEY: Buffer.from('a merchant key nobody published').toString('base64') },
      'REDSYS_MERCHANT_KEY',
    ));
});

/** A port of this machine nothing listens on: one the system just gave and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('NODE_ENV=production with a database that cannot be reached', () => {
  it('exits 1 with one line naming the database (without its password) and the reason, not a stack', async () => {
    const port = await closedPort();
    const started = await start({ ...SAFE, DATABASE_URL: `postgres://portal:s3cret@127.0.0.1:${port}/portal` });
    if (started.kind === 'ready') {
      await stop(started.child);
      throw new Error(`the server started on ${started.url}`);
    }
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(
      `Cannot open the database postgres://portal@127.0.0.1:${port}/portal: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(started.stdout).toBe('');
  });
});

/** An empty database: a throwaway one on the PostgreSQL of TEST_DATABASE_URL in the PostgreSQL run, else PGlite's. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== 'postgres' || !url) return { env: EMBEDDED, drop: async () => undefined };
  const name = `portal_production_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe('NODE_ENV=production with the required variables', () => {
  it('starts on an empty database without demo data or sandbox page, and documents its API', async () => {
    const database = await emptyDatabase();
    const started = await start({ ...SAFE, ...database.env });
    if (started.kind === 'exited') throw new Error(`exited ${started.code}: ${started.stderr}`);
    try {
      // No demo ERP outside demo mode: nothing marks a web order IMPORTED that no ERP will deliver (issue 23, 0067).
      expect(JSON.parse(started.line)).toMatchObject({ demoErp: false, publicUrl: SAFE.PUBLIC_URL });
      // The ready line says where people browse, not only where the process listens (issue 25).
      expect(JSON.parse(started.line).msg).toMatch(
        /^portal ready on http:\/\/localhost:\d+, browse at https:\/\/portal\.example$/,
      );
      const signIn = await fetch(`${started.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'demo1234' }),
      });
      expect(signIn.status).toBe(400);
      expect(((await signIn.json()) as { error: string }).error).toBe('invalid_grant');
      const sandbox = await fetch(`${started.url}/sandbox/redsys/realizarPago`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'Ds_SignatureVersion=HMAC_SHA256_V1',
      });
      expect(sandbox.status).toBe(404);
      const docs = await fetch(`${started.url}/api/docs`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('swagger');
      const spec = await fetch(`${started.url}/api/docs/json`);
      expect(((await spec.json()) as { info: { title: string } }).info.title).toBe('Parts portal API');
    } finally {
      expect(await stop(started.child)).toBe(0);
      await database.drop();
    }
  });
});
