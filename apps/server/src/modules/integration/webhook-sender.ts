import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sharedRun } from '../../lib/shared-run.ts';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds } from '../../lib/webhook-backoff.ts';
import { eventOf, newWebhookSecret } from './integration-events.repository.ts';
import { type ClaimedDelivery, webhookDeliveriesRepository } from './webhook-deliveries.repository.ts';

/**
 * How long claimed deliveries stay with the sender that claimed them (seconds): longer than a batch takes (each
 * request is cut at WEBHOOK_TIMEOUT_MS). A sender that dies in the middle leaves them to be tried once it has passed.
 */
const LEASE_SECONDS = 60;
/** A receiver has this long to answer; the spec's 15-30 s would hold the queue behind one slow receiver. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** Deliveries claimed (and sent at once) per round. */
const BATCH = 50;

/** Standard Webhooks' signature of one message: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type Claimed = ClaimedDelivery;

type Options = {
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  /** The time that makes attempts due (tests move it). */
  clock?: () => Date;
  /** The time written in webhook-timestamp, which the receiver compares with its own clock. */
  wallClock?: () => Date;
  /** The jitter's source, in [0, 1). */
  random?: () => number;
  timeoutMs?: number;
};

/**
 * Delivers the events' webhooks (decision 0059), following Standard Webhooks: a POST of the event as JSON with
 * `webhook-id` (the event's id, the same on every attempt), `webhook-timestamp` and `webhook-signature`. Due
 * deliveries are claimed by one statement (`for update skip locked`, a lease in claimed_until), so that two
 * instances never make one attempt twice; a delivery waits while an earlier event of the same object to the same
 * endpoint is not delivered (in order per object). A failure (no 2xx, a timeout, no connection) waits an exponential
 * back-off with jitter; after WEBHOOK_MAX_ATTEMPTS (a day) the delivery is dead until an admin sends it again. The
 * deliveries of a disabled endpoint or a revoked client wait, unsent.
 */
export function webhookSender(db: Db, options: Options) {
  const clock = options.clock ?? (() => new Date());
  const wallClock = options.wallClock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const { log } = options;
  const deliveries = webhookDeliveriesRepository(db);

  async function claim(): Promise<Claimed[]> {
    const now = clock();
    return deliveries.claim(now, new Date(now.getTime() + LEASE_SECONDS * 1000), BATCH);
  }

  /** The client's secret, made at first use (a client created after migration 0038 that no admin looked at). */
  const secretOf = (clientId: string): Promise<string> => deliveries.secretOf(clientId, newWebhookSecret());

  /** One attempt: the error when it failed, null when the receiver answered 2xx. */
  async function post(d: Claimed, secret: string): Promise<string | null> {
    const body = JSON.stringify(eventOf({ ...d, id: d.event_id }));
    const id = String(d.event_id);
    const timestamp = Math.floor(wallClock().getTime() / 1000);
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'parts-portal-webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, id, timestamp, body),
        },
        body,
        // A redirect is a failure (Standard Webhooks: update the URL instead).
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel().catch(() => undefined);
      return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`;
    }
  }

  /** One attempt; a failure is recorded at once, a success is answered for the batch's one update. */
  async function attempt(d: Claimed, secret: string): Promise<boolean> {
    const error = await post(d, secret);
    if (error === null) return true;
    const dead = d.attempts >= WEBHOOK_MAX_ATTEMPTS;
    const next = new Date(clock().getTime() + webhookRetryDelaySeconds(d.attempts, random()) * 1000);
    await deliveries.failed(d.id, { dead, next, error: error.slice(0, 500) });
    const fields = { delivery: d.id, event: d.event_id, url: d.url, attempts: d.attempts, error };
    if (dead) log.error(fields, 'webhook not delivered after its last attempt: it is dead');
    else log.warn({ ...fields, nextAttemptAt: next.toISOString() }, 'webhook not delivered; it will be retried');
    return false;
  }

  async function runOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return delivered;
      // A client's secret, made at first use, is read once per batch.
      const secrets = new Map<string, Promise<string>>();
      for (const d of batch)
        if (!secrets.has(d.client_id))
          secrets.set(d.client_id, d.secret ? Promise.resolve(d.secret) : secretOf(d.client_id));
      const outcomes = await Promise.all(batch.map(async (d) => attempt(d, await secrets.get(d.client_id)!)));
      const done = batch.filter((_, i) => outcomes[i]).map((d) => d.id);
      if (done.length > 0) await deliveries.delivered(done, clock());
      delivered += done.length;
    }
  }

  const run = sharedRun(runOnce, log, 'webhook sender');

  return {
    ...run,
  };
}
export type WebhookSender = ReturnType<typeof webhookSender>;
