import { createHmac } from 'node:crypto';
import { INTEGRATION_EVENT_TYPES } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pgText } from '../../db/rows.ts';
import { sharedRun } from '../../lib/shared-run.ts';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds } from '../../lib/webhook-backoff.ts';
import { eventOf, newWebhookSecret } from './integration-events.repository.ts';

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

const claimed = z.object({
  id: z.number(),
  attempts: z.number(),
  url: z.string(),
  client_id: z.string(),
  secret: z.string().nullable(),
  event_id: z.number(),
  type: z.enum(INTEGRATION_EVENT_TYPES),
  object_key: z.string(),
  payload: z.unknown(),
  created_at: pgText,
});
type Claimed = z.infer<typeof claimed>;

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

  async function claim(): Promise<Claimed[]> {
    const now = clock();
    return queryRows(
      db,
      sql`with due as (
            select d.id from integration_deliveries d
              join integration_webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
              join integration_clients c on c.id = w.client_id and c.revoked_at is null
             where d.status = 'pending' and d.next_attempt_at <= greatest(now(), ${now})
               and (d.claimed_until is null or d.claimed_until <= greatest(now(), ${now}))
               and not exists (
                 select 1 from integration_deliveries p
                  where p.endpoint_id = d.endpoint_id and p.object_key = d.object_key and p.event_id < d.event_id
                    and p.status <> 'delivered')
             order by d.next_attempt_at, d.event_id
             limit ${BATCH}
             for update of d skip locked)
          update integration_deliveries d
             set attempts = d.attempts + 1, last_attempt_at = ${now},
                 claimed_until = ${new Date(now.getTime() + LEASE_SECONDS * 1000)}
            from due, integration_events e, integration_webhook_endpoints w, integration_clients c
           where d.id = due.id and e.id = d.event_id and w.id = d.endpoint_id and c.id = w.client_id
          returning d.id::float8 as id, d.attempts, w.url, c.id::text as client_id, c.webhook_secret as secret,
                    e.id::float8 as event_id, e.type, e.object_key, e.payload, e.created_at`,
      claimed,
    );
  }

  /** The client's secret, made at first use (a client created after migration 0038 that no admin looked at). */
  async function secretOf(clientId: string): Promise<string> {
    const [row] = await queryRows(
      db,
      sql`update integration_clients set webhook_secret = coalesce(webhook_secret, ${newWebhookSecret()})
           where id = ${clientId}::uuid returning webhook_secret as secret`,
      z.object({ secret: z.string() }),
    );
    return row!.secret;
  }

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
    await db.execute(
      sql`update integration_deliveries
             set status = ${dead ? 'dead' : 'pending'}, next_attempt_at = ${next}, claimed_until = null,
                 last_error = ${error.slice(0, 500)}
           where id = ${d.id} and status = 'pending'`,
    );
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
      if (done.length > 0)
        await db.execute(
          sql`update integration_deliveries
                 set status = 'delivered', delivered_at = ${clock()}, claimed_until = null, last_error = null
               where id in (${sql.join(
                 done.map((id) => sql`${id}`),
                 sql`, `,
               )}) and status = 'pending'`,
        );
      delivered += done.length;
    }
  }

  const run = sharedRun(runOnce, log, 'webhook sender');

  return {
    ...run,
  };
}
export type WebhookSender = ReturnType<typeof webhookSender>;
