/**
 * SMTP servers that a test starts on 127.0.0.1 (decision 0053): Debian's aiosmtpd (package python3-aiosmtpd,
 * installed by .ci/run) writing what it receives to a maildir, and a server that accepts connections and never
 * answers. Tests wait on their events (listening, a connection), never on a timer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on now (the kernel's choice, released at once): an SMTP server that is down. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export type ReceivedMail = { to: string; subject: string; raw: string };

export type SmtpServer = {
  /** Every message received so far, in no particular order. */
  received(): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: ?(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';

/** Starts aiosmtpd on 127.0.0.1:`port` with the Mailbox handler; resolves once it says it listens. */
export async function startSmtpServer(port: number): Promise<SmtpServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-smtp-'));
  const maildir = path.join(dir, 'maildir');
  const child: ChildProcess = spawn(
    '/usr/bin/python3',
    ['-m', 'aiosmtpd', '-n', '-d', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      log += chunk;
      if (log.includes('Server is listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`aiosmtpd exited (${code}) before listening:\n${log}`)));
    child.once('error', reject);
  });
  child.removeAllListeners('exit');
  return {
    async received() {
      const files = await fs.readdir(path.join(maildir, 'new'));
      return Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(path.join(maildir, 'new', file), 'utf8');
          return { to: header(raw, 'To'), subject: header(raw, 'Subject'), raw };
        }),
      );
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type SilentServer = {
  port: number;
  /** The first connection made to it. */
  connected: Promise<net.Socket>;
  close(): Promise<void>;
};

/** A server that accepts TCP connections and never says a word: an SMTP server that hangs. */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<net.Socket>();
  let first: (socket: net.Socket) => void = () => undefined;
  const connected = new Promise<net.Socket>((resolve) => (first = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    first(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    connected,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
