import type { IntegrationEventData, IntegrationEventType } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from './client.ts';
import { idRow, int } from './rows.ts';

/**
 * Records an event of the portal for the ERP (issue 23; decision 0059). Give it the transaction of the change it
 * announces: the event exists exactly when the change does. It is read by the pull feed, and one delivery is queued
 * for each webhook endpoint in use (of a client that is not revoked and holds `erp.events`); the sender delivers it
 * after the commit. Answers the event's id.
 */
export async function recordEvent<T extends IntegrationEventType>(
  tx: Db,
  event: { type: T; objectKey: string; payload: IntegrationEventData[T] },
): Promise<number> {
  const [row] = await queryRows(
    tx,
    sql`insert into integration_events (type, object_key, payload)
        values (${event.type}, ${event.objectKey}, ${JSON.stringify(event.payload)}::jsonb)
        returning id::int as id`,
    idRow,
  );
  const id = row!.id;
  await tx.execute(
    sql`insert into integration_deliveries (endpoint_id, event_id, object_key)
        select e.id, ${id}, ${event.objectKey}
          from integration_webhook_endpoints e join integration_clients c on c.id = e.client_id
         where e.disabled_at is null and c.revoked_at is null and 'erp.events' = any (c.scopes)`,
  );
  return id;
}

const webhookQueueStatsRow = z.object({ depth: int, oldestSeconds: z.number(), dead: int });
export type WebhookQueueStats = z.output<typeof webhookQueueStatsRow>;

/**
 * The webhook queue's figures for /metrics: deliveries pending, the age of the oldest one (0 if none), dead ones; those
 * of disabled endpoints are not counted (they wait, unsent, in case the endpoint is enabled again).
 */
export async function webhookQueueStats(db: Db): Promise<WebhookQueueStats> {
  const [row] = await queryRows(
    db,
    sql`select count(*) filter (where d.status = 'pending')::int as depth,
               count(*) filter (where d.status = 'dead')::int as dead,
               coalesce(extract(epoch from now() - min(e.created_at) filter (where d.status = 'pending')), 0)::float8
                 as "oldestSeconds"
          from integration_deliveries d join integration_events e on e.id = d.event_id
          join integration_webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
         where d.status <> 'delivered'`,
    webhookQueueStatsRow,
  );
  return row ?? { depth: 0, oldestSeconds: 0, dead: 0 };
}
