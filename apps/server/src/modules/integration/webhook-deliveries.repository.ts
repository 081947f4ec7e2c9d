import { INTEGRATION_EVENT_TYPES } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pgText } from '../../db/rows.ts';

const claimedRow = z.object({
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
/** A delivery claimed for an attempt, with its endpoint, its client's secret and its event. */
export type ClaimedDelivery = z.output<typeof claimedRow>;

/** The webhook deliveries' statements (decision 0059): webhook-sender.ts decides, these read and write. */
export function webhookDeliveriesRepository(db: Db) {
  return {
    /**
     * Claims up to `batch` due deliveries at `now` (`for update skip locked`, a lease until `leaseUntil`), counting
     * the attempt: those of enabled endpoints of clients not revoked whose earlier events of the same object to the
     * same endpoint are delivered, oldest due first.
     */
    claim(now: Date, leaseUntil: Date, batch: number): Promise<ClaimedDelivery[]> {
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
               limit ${batch}
               for update of d skip locked)
            update integration_deliveries d
               set attempts = d.attempts + 1, last_attempt_at = ${now},
                   claimed_until = ${leaseUntil}
              from due, integration_events e, integration_webhook_endpoints w, integration_clients c
             where d.id = due.id and e.id = d.event_id and w.id = d.endpoint_id and c.id = w.client_id
            returning d.id::float8 as id, d.attempts, w.url, c.id::text as client_id, c.webhook_secret as secret,
                      e.id::float8 as event_id, e.type, e.object_key, e.payload, e.created_at`,
        claimedRow,
      );
    },

    /** The client's webhook secret, `fresh` stored first when it has none. */
    async secretOf(clientId: string, fresh: string): Promise<string> {
      const [row] = await queryRows(
        db,
        sql`update integration_clients set webhook_secret = coalesce(webhook_secret, ${fresh})
             where id = ${clientId}::uuid returning webhook_secret as secret`,
        z.object({ secret: z.string() }),
      );
      return row!.secret;
    },

    /** A failed attempt of a pending delivery: dead, or pending again from `next`, with its error. */
    async failed(id: number, f: { dead: boolean; next: Date; error: string }): Promise<void> {
      await db.execute(
        sql`update integration_deliveries
               set status = ${f.dead ? 'dead' : 'pending'}, next_attempt_at = ${f.next}, claimed_until = null,
                   last_error = ${f.error}
             where id = ${id} and status = 'pending'`,
      );
    },

    /** The pending deliveries of `ids` delivered at `at`. */
    async delivered(ids: number[], at: Date): Promise<void> {
      await db.execute(
        sql`update integration_deliveries
               set status = 'delivered', delivered_at = ${at}, claimed_until = null, last_error = null
             where id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )}) and status = 'pending'`,
      );
    },
  };
}
