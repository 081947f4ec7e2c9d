import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got: its headers, its body, and whether the Standard Webhooks verifier accepted it. */
export type Received = { id: string; path: string; body: string; verified: boolean; status: number };

/**
 * A webhook receiver on 127.0.0.1 (a port of its own), as an ERP's middleware would run one: every request is checked
 * with the `standardwebhooks` package (a verifier this project did not write) against the client's secret. It answers
 * 503 to the next `failNext` requests and to the next `failFor[id]` deliveries of an event, else 204 to each verified
 * one (400 to one that does not verify).
 */
export async function startWebhookReceiver(secret: string) {
  const verifier = new Webhook(secret);
  const requests: Received[] = [];
  const state = { failNext: 0, failFor: {} as Record<string, number>, hold: false };
  // With `hold`, answers wait (the sender's requests stay in flight) until `release()`.
  const held: (() => void)[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        verifier.verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const id = String(req.headers['webhook-id']);
      const failing = state.failNext > 0 || (state.failFor[id] ?? 0) > 0;
      const status = failing ? 503 : verified ? 204 : 400;
      if (state.failNext > 0) state.failNext--;
      else if (failing) state.failFor[id]!--;
      requests.push({ id, path: req.url ?? '', body, verified, status });
      const answer = () => {
        res.statusCode = status;
        res.end();
      };
      if (!state.hold) return answer();
      held.push(answer);
      for (const w of waiters.splice(0)) {
        if (held.length >= w.n) w.resolve();
        else waiters.push(w);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    state,
    /** Resolves once `n` requests are held unanswered. */
    held: (n: number) => new Promise<void>((resolve) => (held.length >= n ? resolve() : waiters.push({ n, resolve }))),
    /** Answers the held requests, and answers at once from now on. */
    release() {
      state.hold = false;
      for (const answer of held.splice(0)) answer();
    },
    /** The requests it accepted (2xx), in the order they came. */
    accepted: () => requests.filter((r) => r.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
