import type { Notification } from '@portal/contract/notifications';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

type Event = Pick<Notification, 'kind' | 'params'>;

/**
 * Writes a notification for the bell in the header (issue 26; decision 0075), in the transaction of what it tells:
 * it exists exactly when that does. No person (a refund whose user was deleted): nothing written.
 */
export async function notify(tx: Db, userId: string | null, event: Event): Promise<void> {
  if (!userId) return;
  await tx.execute(
    sql`insert into notifications (user_id, kind, params)
        values (${userId}, ${event.kind}, ${JSON.stringify(event.params)}::jsonb)`,
  );
}
