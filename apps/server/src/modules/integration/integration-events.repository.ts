import { randomBytes } from 'node:crypto';
import { INTEGRATION_EVENT_TYPES, type IntegrationEvent, integrationEvent } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pgText, presenceRow } from '../../db/rows.ts';

const eventRow = z.object({
  id: z.number(),
  type: z.enum(INTEGRATION_EVENT_TYPES),
  object_key: z.string(),
  payload: z.unknown(),
  created_at: pgText,
});
type EventRow = z.infer<typeof eventRow>;

/**
 * An event as the feed answers it and a webhook carries it (Standard Webhooks' type, timestamp, data). The stored
 * payload (jsonb) is parsed by its type's contract schema, not cast (decision 0093): an event whose data is not what
 * its type promises throws here instead of reaching a receiver.
 */
export const eventOf = (r: EventRow): IntegrationEvent =>
  integrationEvent.parse({
    id: r.id,
    type: r.type,
    timestamp: new Date(r.created_at).toISOString(),
    objectKey: r.object_key,
    data: r.payload,
  });

/** An event of the pull feed: with its cursor, the position it was given when it became visible. */
export type FeedEvent = IntegrationEvent & { cursor: number };

/** The advisory lock under which the feed's readers give positions, one at a time. */
const POSITION_LOCK = 727_059;

/** A new Standard Webhooks signing secret: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The events' pull feed, the clients' cursors, the webhook deliveries and signing secrets (decision 0059). */
export function integrationEventsRepository(db: Db) {
  return {
    /** The client's acknowledged cursor (0 when it never acknowledged). */
    async ackedCursor(clientId: string): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select acked_id::float8 as acked from integration_event_cursors where client_id = ${clientId}::uuid`,
        z.object({ acked: z.number() }),
      );
      return row?.acked ?? 0;
    },

    /**
     * Up to `limit` events after the cursor `after`, in cursor order, and whether more follow. The events committed
     * since the last read are first given their positions (decision 0072): one reader at a time, each position after
     * every one given before, so that an event committed late comes after a cursor already answered, never below it.
     */
    async after(after: number, limit: number): Promise<{ events: FeedEvent[]; more: boolean }> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${POSITION_LOCK})`);
        await tx.execute(
          sql`with waiting as (
                select id, row_number() over (order by id) as n from integration_events where position is null
              ), last as (select coalesce(max(position), 0) as position from integration_events)
              update integration_events e set position = last.position + waiting.n
                from waiting, last where e.id = waiting.id`,
        );
      });
      const rows = await queryRows(
        db,
        sql`select id::float8 as id, type, object_key, payload, created_at, position::float8 as position
              from integration_events
             where position > ${after} order by position limit ${limit + 1}`,
        eventRow.extend({ position: z.number() }),
      );
      return {
        events: rows.slice(0, limit).map((r) => ({ ...eventOf(r), cursor: r.position })),
        more: rows.length > limit,
      };
    },

    /** The newest cursor given (0 when none). */
    async newest(): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select coalesce(max(position), 0)::float8 as position from integration_events`,
        z.object({ position: z.number() }),
      );
      return row!.position;
    },

    /** Moves the client's cursor to `cursor` unless it is there or further already; answers the cursor now. */
    async ack(clientId: string, cursor: number, now: Date): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`insert into integration_event_cursors (client_id, acked_id, acked_at)
            values (${clientId}::uuid, ${cursor}, ${now})
            on conflict (client_id) do update
              set acked_id = greatest(integration_event_cursors.acked_id, excluded.acked_id),
                  acked_at = case when excluded.acked_id > integration_event_cursors.acked_id
                                  then excluded.acked_at else integration_event_cursors.acked_at end
            returning acked_id::float8 as acked`,
        z.object({ acked: z.number() }),
      );
      return row!.acked;
    },

    /** The client's signing secret, made now when it has none yet; null for an unknown client. */
    async webhookSecret(clientId: string): Promise<string | null> {
      const [row] = await queryRows(
        db,
        sql`update integration_clients set webhook_secret = coalesce(webhook_secret, ${newWebhookSecret()})
             where id = ${clientId}::uuid returning webhook_secret as secret`,
        z.object({ secret: z.string() }),
      );
      return row?.secret ?? null;
    },

    /** Deliveries of a status, newest first, for the admins. */
    async deliveries(status: 'pending' | 'dead', limit: number) {
      return queryRows(
        db,
        sql`select d.id::float8 as id, d.event_id::float8 as "eventId", e.type, d.object_key as "objectKey",
                   c.name as "clientName", w.url, d.status, d.attempts,
                   to_char(d.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt",
                   d.last_error as "lastError"
              from integration_deliveries d
              join integration_events e on e.id = d.event_id
              join integration_webhook_endpoints w on w.id = d.endpoint_id
              join integration_clients c on c.id = w.client_id
             where d.status = ${status}
             order by d.id desc limit ${limit}`,
        z.object({
          id: z.number(),
          eventId: z.number(),
          type: z.string(),
          objectKey: z.string(),
          clientName: z.string(),
          url: z.string(),
          status: z.enum(['pending', 'dead']),
          attempts: z.number(),
          nextAttemptAt: z.string(),
          lastError: z.string().nullable(),
        }),
      );
    },

    /** A dead delivery is pending again, due now, with a new day of attempts; false when it is not dead. */
    async resend(id: number, now: Date): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`update integration_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${now},
                   claimed_until = null
             where id = ${id} and status = 'dead' returning id`,
        presenceRow,
      );
      return rows.length > 0;
    },
  };
}
export type IntegrationEventsRepository = ReturnType<typeof integrationEventsRepository>;
