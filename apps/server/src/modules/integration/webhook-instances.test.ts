import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import { migrate } from '../../db/migrate.ts';
import { testRows } from '../../test/rows.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { sha256 } from '../account/token.service.ts';
import { integrationClientsRepository } from './integration-clients.repository.ts';
import { integrationEventsRepository } from './integration-events.repository.ts';
import { newClientSecrets } from './secrets.ts';

/** Two instances of the portal on one database, as behind a load balancer, both sending webhooks (decision 0059). */
let apps: Awaited<ReturnType<typeof buildApp>>[] = [];
let db: Db;
let drop: () => Promise<void>;
let receiver: WebhookReceiver;
const ENDPOINTS = 2;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = fresh.database.db;
  await migrate(fresh.database);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent',
    MAIL_INTERVAL_SECONDS: '0',
    WEBHOOK_INTERVAL_SECONDS: '0',
  });
  apps = [
    await buildApp({ config, database: fresh.database, logger: false }),
    await buildApp({ config, database: fresh.database, logger: false }),
  ];
  // One client with two endpoints (two paths of one receiver).
  const client = await integrationClientsRepository(db).create(
    { name: 'ERP', scopes: ['erp.events'], createdBy: null },
    newClientSecrets(sha256),
  );
  receiver = await startWebhookReceiver((await integrationEventsRepository(db).webhookSecret(client.id))!);
  for (let n = 1; n <= ENDPOINTS; n++)
    await db.execute(
      sql`insert into integration_webhook_endpoints (client_id, url) values (${client.id}::uuid, ${`${receiver.url}/${n}`})`,
    );
});
afterAll(async () => {
  receiver.release();
  for (const app of apps) await app.close();
  await receiver.close();
  await drop();
});

describe('webhooks sent by two instances at once', () => {
  it('deliver each event once per endpoint, in order per object, while the other instance’s attempts are in flight', async () => {
    // 40 objects of 3 events each: 80 first deliveries due at once, more than one claim takes (50).
    const objects = Array.from({ length: 40 }, (_, i) => `C9${String(i).padStart(4, '0')}`);
    const written: Record<string, number[]> = Object.fromEntries(objects.map((o) => [o, []]));
    for (let n = 0; n < 3; n++) {
      for (const accountnum of objects) {
        const id = await db.transaction((tx) =>
          recordEvent(tx, {
            type: 'client.change_requested',
            objectKey: `client:${accountnum}`,
            payload: {
              ACCOUNTNUM: accountnum,
              REQUESTEDBY: 'admin',
              REQUESTEDAT: new Date().toISOString(),
              CHANGES: { NAME: { from: `Nombre ${n}`, to: `Nombre ${n + 1}` } },
            },
          }),
        );
        written[accountnum]!.push(id);
      }
    }
    const all = Object.values(written)
      .flat()
      .sort((p, q) => p - q);
    // The first instance's first claim is in flight (the receiver holds its answers) when the second one starts.
    receiver.state.hold = true;
    const first = apps[0]!.webhooks.drain();
    await receiver.held(50);
    const second = apps[1]!.webhooks.drain();
    // The second claims what is left of the 80 first deliveries, and nothing the first one holds.
    await receiver.held(80);
    receiver.release();
    const sent = (await Promise.all([first, second])).reduce((p, q) => p + q, 0);
    const more = (await Promise.all(apps.map((app) => app.webhooks.drain()))).reduce((p, q) => p + q, 0);
    expect(sent + more).toBe(all.length * ENDPOINTS);
    expect(receiver.requests.every((r) => r.verified && r.status === 204)).toBe(true);
    for (let n = 1; n <= ENDPOINTS; n++) {
      const ids = receiver.requests.filter((r) => r.path === `/hooks/${n}`).map((r) => Number(r.id));
      expect([...ids].sort((p, q) => p - q)).toEqual(all);
      for (const accountnum of objects)
        expect(ids.filter((id) => written[accountnum]!.includes(id))).toEqual(written[accountnum]);
    }
    const [row] = await testRows<{ n: number; attempts: number }>(
      db,
      sql`select count(*)::int as n, max(attempts)::int as attempts from integration_deliveries
           where status = 'delivered'`,
    );
    expect(row).toEqual({ n: all.length * ENDPOINTS, attempts: 1 });
  });
});
