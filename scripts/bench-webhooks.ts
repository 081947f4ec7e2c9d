// Webhook deliveries per second to a local receiver (DESIGN §7: at least 200/s; decision 0059), run by `npm run bench`.
// Usage: DATABASE_URL=postgres://… node --import tsx scripts/bench-webhooks.ts [events] [objects]
// on an empty database it may migrate (no demo data needed); without DATABASE_URL, an in-memory PGlite. What it writes
// (its client, endpoint, events and deliveries) is removed at the end, so it may run on the large bench database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { recordEvent } from '../apps/server/src/db/integration-events.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { sha256 } from '../apps/server/src/modules/account/token.service.ts';
import { integrationClientsRepository } from '../apps/server/src/modules/integration/integration-clients.repository.ts';
import { newClientSecrets } from '../apps/server/src/modules/integration/secrets.ts';
import { webhookSender } from '../apps/server/src/modules/integration/webhook-sender.ts';

const events = Number(process.argv[2] ?? 5000);
const objects = Number(process.argv[3] ?? 1000);
const url = process.env.DATABASE_URL || undefined;
const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { memory: true });
await migrate(database);
const db = database.db;

// A receiver that answers 204 at once (what a queueing middleware does).
let received = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const client = await integrationClientsRepository(db).create(
  { name: `bench ${Date.now()}`, scopes: ['erp.events'], createdBy: null },
  newClientSecrets(sha256),
);
await db.execute(
  sql`insert into integration_webhook_endpoints (client_id, url) values (${client.id}::uuid, ${`http://127.0.0.1:${port}/hooks`})`,
);
for (let i = 0; i < events; i++) {
  await recordEvent(db, {
    type: 'client.change_requested',
    objectKey: `client:B${i % objects}`,
    payload: {
      ACCOUNTNUM: `B${i % objects}`,
      REQUESTEDBY: 'bench',
      REQUESTEDAT: new Date().toISOString(),
      CHANGES: { PHONE: { from: null, to: String(900000000 + i) } },
    },
  });
}
const sender = webhookSender(db, { log: { warn: () => undefined, error: console.error } });
const started = performance.now();
const delivered = await sender.drain();
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    database: url ? 'postgres' : 'pglite',
    events,
    objects,
    delivered,
    received,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(delivered / seconds),
  }),
);
await db.execute(sql`delete from integration_events where object_key like 'client:B%' and payload->>'REQUESTEDBY' = 'bench'`);
await db.execute(sql`delete from integration_clients where id = ${client.id}::uuid`);
server.close();
await database.close();
