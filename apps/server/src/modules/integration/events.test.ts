import {
  clientChangeRequestedData,
  paymentConfirmedData,
  refundDecidedData,
  webOrderCreatedData,
} from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { recordEvent, webhookQueueStats } from '../../db/integration-events.ts';
import { WEBHOOK_MAX_ATTEMPTS } from '../../lib/webhook-backoff.ts';
import { machineToken, newMachineClient } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from '../../test/users.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

// The events' pull feed and their Standard Webhooks (decision 0059), against a real HTTP receiver that verifies each
// delivery with the `standardwebhooks` package.

let t: TestApp;
let db: Db;
type Client = { id: string; clientId: string; secret: string; token?: string };
let a: Client;
let b: Client;
let feedsOnly: Client;
/** The admin of these tests, made once and signed in again for each call (the clock moves). */
let adminName: string;
const receivers: WebhookReceiver[] = [];
const MINUTE = 60_000;

async function machineClient(name: string, scopes: string[]): Promise<Client> {
  const made = await newMachineClient(db, name, scopes);
  await machineToken(t.app, made);
  return made;
}
/** A token of the client now (the webhook tests move the clock past a token's minutes). */
const tokenOf = (c: Client): Promise<string> => (c.token ? Promise.resolve(c.token) : machineToken(t.app, c));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  adminName = (await makeUser(t, 'admin')).username;
  a = await machineClient('ERP A', ['erp.events']);
  b = await machineClient('ERP B', ['erp.feeds', 'erp.events']);
  feedsOnly = await machineClient('ERP feeds', ['erp.feeds']);
});
afterAll(async () => {
  await t.close();
  for (const r of receivers) await r.close();
});

/** `n` changes of one client's data, each its event (what the clients' screen writes), in one transaction each. */
async function changes(accountnum: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await db.transaction((tx) =>
        recordEvent(tx, {
          type: 'client.change_requested',
          objectKey: `client:${accountnum}`,
          payload: {
            ACCOUNTNUM: accountnum,
            REQUESTEDBY: 'admin',
            REQUESTEDAT: new Date().toISOString(),
            CHANGES: { PHONE: { from: `9100000${i}`, to: `9100000${i + 1}` } },
          },
        }),
      ),
    );
  }
  return ids;
}
/** The position of each event the feed has answered (its cursor). */
const positionOf = async (id: number) =>
  (await testRows<{ p: number }>(db, sql`select position::int as p from integration_events where id = ${id}`))[0]!.p;
/** The newest cursor: a read gives every event written so far its position, the last of them is this. */
const newest = async () => {
  await feed(a, `?after=${Number.MAX_SAFE_INTEGER - 1}`);
  return (
    await testRows<{ p: number }>(db, sql`select coalesce(max(position), 0)::int as p from integration_events`)
  )[0]!.p;
};
const feed = async (c: Client, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/integration/v1/events${query}`, headers: bearer(await tokenOf(c)) });
const ack = async (c: Client, cursor: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/events/ack',
    headers: bearer(await tokenOf(c)),
    payload: { cursor },
  });
/** A call as the admin (signed in now: the clock moves), or as the person of `token`. */
const asAdmin = async (method: 'GET' | 'POST', url: string, token?: string) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token ?? (await signIn(t.app, adminName, TEST_USER_PASSWORD)).access_token),
  });
const idsOf = (events: { id: number }[]) => events.map((e) => e.id);

describe('pull feed: GET /api/integration/v1/events, POST /api/integration/v1/events/ack', () => {
  it('answers the events after a cursor in id order, a page at a time, with the next cursor', async () => {
    const mark = await newest();
    const written = await changes('C00001', 5);
    const first = await feed(a, `?after=${mark}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(idsOf(first.json().events)).toEqual(written.slice(0, 2));
    expect(first.json()).toMatchObject({ next: await positionOf(written[1]!), more: true });
    expect(first.json().events.map((e: { cursor: number }) => e.cursor)).toEqual([mark + 1, mark + 2]);
    expect(first.json().events[0]).toMatchObject({
      type: 'client.change_requested',
      objectKey: 'client:C00001',
      data: { ACCOUNTNUM: 'C00001', CHANGES: { PHONE: { from: '91000000', to: '91000001' } } },
    });
    const rest = (await feed(a, `?after=${first.json().next}`)).json();
    expect(idsOf(rest.events)).toEqual(written.slice(2));
    expect(rest).toMatchObject({ next: await positionOf(written[4]!), more: false });
    // Nothing after the last: the same cursor back.
    expect((await feed(a, `?after=${rest.next}`)).json()).toEqual({ events: [], next: rest.next, more: false });
    // The call log counts the events answered.
    const [logged] = await testRows<{ rows: number }>(
      db,
      sql`select rows from integration_calls where client_id = ${a.id}::uuid order by id desc limit 1`,
    );
    expect(logged!.rows).toBe(0);
    expect((await feed(a, '?limit=1001')).statusCode).toBe(400);
    expect((await feed(a, '?after=-1')).statusCode).toBe(400);
  });

  it('reads from the client’s acknowledged cursor by default; an ack never moves it backwards', async () => {
    const mark = await newest();
    const written = await changes('C00002', 3);
    expect((await ack(a, mark)).json()).toEqual({ cursor: mark });
    expect(idsOf((await feed(a)).json().events)).toEqual(written);
    const at = await Promise.all(written.map(positionOf));
    expect((await ack(a, at[1]!)).json()).toEqual({ cursor: at[1] });
    expect(idsOf((await feed(a)).json().events)).toEqual([written[2]]);
    // Backwards: kept where it was.
    expect((await ack(a, mark)).json()).toEqual({ cursor: at[1] });
    expect(idsOf((await feed(a)).json().events)).toEqual([written[2]]);
    // Past the newest event: refused, and nothing moves.
    const past = await ack(a, at[2]! + 1000);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('WARN_ValidationError');
    expect(idsOf((await feed(a)).json().events)).toEqual([written[2]]);
  });

  it('keeps each client’s cursor apart', async () => {
    const mark = await newest();
    const written = await changes('C00003', 2);
    expect((await ack(b, mark)).json()).toEqual({ cursor: mark });
    expect(idsOf((await feed(b)).json().events)).toEqual(written);
    const at = await Promise.all(written.map(positionOf));
    expect((await ack(a, at[1]!)).json()).toEqual({ cursor: at[1] });
    expect(idsOf((await feed(b)).json().events)).toEqual(written);
    expect((await feed(a)).json().events).toEqual([]);
  });

  it('answers an event committed after a later one once it commits, after the cursor already read (0072)', async () => {
    const mark = await newest();
    // A transaction takes its event's id, and commits only after another transaction's event, with a later id, has
    // been read and acknowledged: the id is reserved here and the row written at the end, as that commit would.
    const [reserved] = await testRows<{ id: number }>(
      db,
      sql`select nextval(pg_get_serial_sequence('integration_events', 'id'))::int as id`,
    );
    const [later] = await changes('C00004', 1);
    expect(later!).toBeGreaterThan(reserved!.id);
    const read = (await feed(b, `?after=${mark}`)).json();
    expect(idsOf(read.events)).toEqual([later]);
    expect((await ack(b, read.next)).json()).toEqual({ cursor: read.next });
    await db.execute(
      sql`insert into integration_events (id, type, object_key, payload)
          values (${reserved!.id}, 'client.change_requested', 'client:C00005',
                  ${JSON.stringify({ ACCOUNTNUM: 'C00005', REQUESTEDBY: 'admin', REQUESTEDAT: new Date().toISOString(), CHANGES: { PHONE: { from: '1', to: '2' } } })}::jsonb)`,
    );
    const after = (await feed(b)).json();
    expect(idsOf(after.events)).toEqual([reserved!.id]);
    expect(after.events[0].cursor).toBe(read.next + 1);
  });

  it('is for machine clients holding erp.events: a person’s token and another scope are refused', async () => {
    expect((await feed(feedsOnly)).statusCode).toBe(403);
    expect((await ack(feedsOnly, 0)).statusCode).toBe(403);
    for (const kind of ['admin', 'plateBuyer'] as const) {
      const { token } = await makeUser(t, kind);
      expect((await feed({ ...a, token })).statusCode).toBe(401);
      expect((await ack({ ...a, token }, 0)).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/v1/events' })).statusCode).toBe(401);
  });
});

describe('the events in the API document', () => {
  it('describes each event type’s payload, with an example that is valid', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schemas = {
      WebOrderCreatedEvent: webOrderCreatedData,
      PaymentConfirmedEvent: paymentConfirmedData,
      RefundDecidedEvent: refundDecidedData,
      ClientChangeRequestedEvent: clientChangeRequestedData,
    };
    for (const [name, schema] of Object.entries(schemas)) {
      const component = doc.components.schemas[name];
      expect(Object.keys(component.properties).length).toBeGreaterThan(3);
      expect(schema.safeParse(component.example).success).toBe(true);
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/integration/v1/events', '/api/integration/v1/events/ack']),
    );
  });
});

/** Runs the sender until nothing is due, moving the clock `step` on between runs, at most `rounds` times. */
async function deliverAll(rounds: number, step = 2 * MINUTE) {
  for (let i = 0; i < rounds; i++) {
    await t.app.webhooks.settled();
    t.clock.advance(step);
  }
  await t.app.webhooks.settled();
}
async function endpointFor(client: Client, url: string) {
  const [row] = await testRows<{ id: number }>(
    db,
    sql`insert into integration_webhook_endpoints (client_id, url) values (${client.id}::uuid, ${url})
        returning id::int as id`,
  );
  return row!.id;
}

describe('webhooks (Standard Webhooks)', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // The signing secret an admin reads for the ERP's people, made at first use.
    const secret = await asAdmin('GET', `/api/integration/clients/${a.id}/webhook-secret`);
    expect(secret.statusCode).toBe(200);
    expect(secret.json().secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver = await startWebhookReceiver(secret.json().secret);
    receivers.push(receiver);
    await endpointFor(a, receiver.url);
  });

  it('the signing secret is the same on every read, for admins only', async () => {
    const first = (await asAdmin('GET', `/api/integration/clients/${a.id}/webhook-secret`)).json().secret;
    const again = (await asAdmin('GET', `/api/integration/clients/${a.id}/webhook-secret`)).json().secret;
    expect(again).toBe(first);
    const clientadmin = (await makeUser(t, 'clientadmin')).token;
    expect((await asAdmin('GET', `/api/integration/clients/${a.id}/webhook-secret`, clientadmin)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin('GET', `/api/integration/clients/${unknown}/webhook-secret`)).statusCode).toBe(404);
  });

  it('a receiver that fails three times then recovers gets each event exactly once, in order per object', async () => {
    const before = receiver.requests.length;
    const x = await changes('C00001', 3);
    const y = await changes('C00002', 2);
    // The first event of one object fails three times.
    receiver.state.failFor[String(x[0])] = 3;
    await t.app.webhooks.settled();
    // Meanwhile the other object's events arrive; the failed one's followers wait for it.
    expect(
      receiver
        .accepted()
        .map((r) => Number(r.id))
        .filter((id) => [...x, ...y].includes(id)),
    ).toEqual(y);
    await deliverAll(10);
    const requests = receiver.requests.slice(before);
    const accepted = requests.filter((r) => r.status < 300);
    // Every attempt carried a valid signature, also those the receiver refused.
    expect(requests.every((r) => r.verified)).toBe(true);
    expect(requests.filter((r) => r.status === 503)).toHaveLength(3);
    expect(accepted.map((r) => Number(r.id)).sort((p, q) => p - q)).toEqual([...x, ...y]);
    // Within one object, in the order of the events.
    for (const object of [x, y]) {
      const order = accepted.map((r) => Number(r.id)).filter((id) => object.includes(id));
      expect(order).toEqual(object);
    }
    // The retried event kept its id, and its body is the event the feed answers.
    const retried = requests.find((r) => r.status === 503)!;
    expect(accepted.filter((r) => r.id === retried.id)).toHaveLength(1);
    const body = JSON.parse(accepted[0]!.body);
    await newest(); // the feed gives the events their positions
    const at = await positionOf(Number(accepted[0]!.id));
    const { cursor, ...fromFeed } = (await feed(a, `?after=${at - 1}&limit=1`)).json().events[0];
    expect(cursor).toBe(at);
    expect(body).toEqual(fromFeed);
    expect(receiver.requests.every((r) => r.path === '/hooks')).toBe(true);
    const stats = await webhookQueueStats(db);
    expect(stats.depth).toBe(0);
  });

  it('a delivery that fails for a day is dead, listed for admins, and sent again on request', async () => {
    const sink = await startWebhookReceiver(
      (await asAdmin('GET', `/api/integration/clients/${b.id}/webhook-secret`)).json().secret,
    );
    receivers.push(sink);
    await endpointFor(b, sink.url);
    sink.state.failNext = Number.POSITIVE_INFINITY;
    const [dead] = await changes('C00009', 1);
    const [after] = await changes('C00009', 1);
    await t.app.webhooks.settled();
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(2 * 3600_000);
      await t.app.webhooks.settled();
    }
    const list = await asAdmin('GET', '/api/integration/webhook-deliveries?status=dead');
    expect(list.statusCode).toBe(200);
    const row = list.json().rows.find((r: { eventId: number }) => r.eventId === dead);
    expect(row).toMatchObject({
      status: 'dead',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      url: sink.url,
      clientName: 'ERP B',
      type: 'client.change_requested',
      objectKey: 'client:C00009',
      lastError: 'HTTP 503',
    });
    // The next event of that object waits behind it (in order), untried; the other endpoint had both long ago.
    expect(sink.requests.filter((r) => Number(r.id) === after)).toEqual([]);
    expect(receiver.accepted().filter((r) => [dead, after].includes(Number(r.id)))).toHaveLength(2);
    const pending = (await asAdmin('GET', '/api/integration/webhook-deliveries?status=pending')).json().rows;
    expect(pending.map((r: { eventId: number; url: string }) => [r.eventId, r.url])).toContainEqual([after, sink.url]);
    expect((await webhookQueueStats(db)).dead).toBe(1);
    const attemptsBefore = sink.requests.length;
    t.clock.advance(24 * 3600_000);
    await t.app.webhooks.settled();
    expect(sink.requests.length).toBe(attemptsBefore);

    // Only an admin sends it again; the receiver is back.
    const clientadmin = (await makeUser(t, 'clientadmin')).token;
    expect(
      (await asAdmin('POST', `/api/integration/webhook-deliveries/${row.id}/resend`, clientadmin)).statusCode,
    ).toBe(403);
    expect((await asAdmin('GET', '/api/integration/webhook-deliveries', clientadmin)).statusCode).toBe(403);
    sink.state.failNext = 0;
    const resent = await asAdmin('POST', `/api/integration/webhook-deliveries/${row.id}/resend`);
    expect(resent.json()).toEqual({ id: row.id, status: 'pending' });
    await t.app.webhooks.settled();
    expect(sink.accepted().map((r) => Number(r.id))).toEqual([dead, after]);
    expect(sink.requests.every((r) => r.verified)).toBe(true);
    // Delivered: no longer dead, so not sent again.
    expect((await asAdmin('POST', `/api/integration/webhook-deliveries/${row.id}/resend`)).statusCode).toBe(404);
    expect(await webhookQueueStats(db)).toMatchObject({ depth: 0, dead: 0 });
  });
  it('sends nothing to a disabled endpoint: what was queued waits (not counted), what comes meanwhile is not queued', async () => {
    const [endpoint] = await testRows<{ id: number }>(
      db,
      sql`select id::int as id from integration_webhook_endpoints where url = ${receiver.url}`,
    );
    const disabled = (on: boolean) =>
      db.execute(
        sql`update integration_webhook_endpoints set disabled_at = ${on ? sql`now()` : sql`null`} where id = ${endpoint!.id}`,
      );
    const before = receiver.requests.length;
    const [queued] = await changes('C00005', 1);
    await disabled(true);
    const [meanwhile] = await changes('C00005', 1);
    await deliverAll(2);
    expect(receiver.requests.length).toBe(before);
    const rows = await testRows<{ event: number; status: string }>(
      db,
      sql`select event_id::int as event, status from integration_deliveries
           where endpoint_id = ${endpoint!.id} and event_id in (${queued}, ${meanwhile})`,
    );
    expect(rows).toEqual([{ event: queued, status: 'pending' }]);
    expect((await webhookQueueStats(db)).depth).toBe(0);
    await disabled(false);
    await t.app.webhooks.settled();
    expect(receiver.requests.slice(before).map((r) => [Number(r.id), r.status])).toEqual([[queued, 204]]);
  });
});
