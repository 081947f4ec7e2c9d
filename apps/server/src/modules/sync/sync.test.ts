import type { SyncListResponse, SyncRunMessage } from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BATCH, DEMO_UNKNOWN_STORE } from '../../db/demo-erp-trickle.ts';
import {
  addFrom,
  articlesInStore,
  call as checkoutCall,
  filledLocations,
  paymentMethodIds,
} from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import type { ErpChange, ErpSource } from './erp-source.ts';
import { syncRunner } from './sync.runner.ts';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
const call = (token: string | null, c: Call) =>
  t.app.inject({
    method: c.method,
    url: c.url,
    headers: token ? bearer(token) : {},
    ...(c.payload ? { payload: c.payload } : {}),
  });
const count = async (table: string) =>
  (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const list = async () => (await call(admin, { method: 'GET', url: '/api/insync/getlist' })).json() as SyncListResponse;
const procedure = async (name: string) => (await list()).procedures.find((p) => p.procName === name)!;
const messagesOf = async (runId: number) =>
  (await call(admin, { method: 'GET', url: `/api/insync/getrunmessages/${runId}` })).json() as SyncRunMessage[];

/** A source of `n` stock changes of existing articles (quantity 1000 + i) in store 01's first store. */
async function stockSource(n: number): Promise<ErpSource> {
  const rows = await testRows<{ article_id: number; store_id: string }>(
    t.database.db,
    sql`select article_id, store_id from stock order by article_id, store_id limit ${n}`,
  );
  const changes: ErpChange[] = rows.map((r, i) => ({
    seq: 1_000_000 + i,
    key: `${r.article_id}@${r.store_id}`,
    data: { articleId: r.article_id, storeId: r.store_id, quantity: 1000 + i },
  }));
  return {
    name: 'test',
    begin: async () => undefined,
    changes: async (_p, cursor, limit) => changes.filter((c) => c.seq > cursor).slice(0, limit),
    pending: async (_p, cursor) => changes.filter((c) => c.seq > cursor).length,
  };
}
const resetCursor = (proc: string) =>
  t.database.db.execute(sql`update sync_procedures set cursor = 0 where name = ${proc}`);

describe('authorization', () => {
  const calls: Call[] = [
    { method: 'GET', url: '/api/insync/getlist' },
    { method: 'POST', url: '/api/insync/run', payload: { procName: 'Stock' } },
    { method: 'POST', url: '/api/insync/syncall' },
    { method: 'POST', url: '/api/insync/deleteTable', payload: { iType: 1, ivalue: 2012 } },
    { method: 'GET', url: '/api/insync/getruns' },
    { method: 'GET', url: '/api/insync/getrunmessages/1' },
    { method: 'GET', url: '/api/insync/geterrors' },
    { method: 'POST', url: '/api/insync/retryerror/1' },
  ];
  it('answers 401 to an anonymous caller and 403 to a customer, and nothing is queued', async () => {
    const before = await count('sync_runs');
    for (const c of calls) expect((await call(null, c)).statusCode, c.url).toBe(401);
    for (const c of calls) expect((await call(buyer, c)).statusCode, c.url).toBe(403);
    expect(await count('sync_runs')).toBe(before);
  });
});

describe('procedures', () => {
  it('lists the procedures in order with the validation year of sales, packing slips and invoices', async () => {
    const body = await list();
    expect(body.procedures.map((p) => p.procName)).toEqual([
      'ArticlesPrices',
      'Stock',
      'ClientsAddresses',
      'SalesOrders',
      'PackingSlips',
      'Invoices',
      'WebOrdersExport',
    ]);
    expect(body.procedures.filter((p) => p.validationYear === 2012).map((p) => p.iType)).toEqual([1, 2, 3]);
  });

  it('refuses an unknown procedure (400) and queues nothing', async () => {
    const before = await count('sync_runs');
    const res = await call(admin, { method: 'POST', url: '/api/insync/run', payload: { procName: 'DropAll' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_SyncProcUnknown');
    expect(await count('sync_runs')).toBe(before);
  });

  it('runs one procedure to its end: the demo ERP’s stock changes are written, the unknown store queued as an error', async () => {
    // The demo history has one change of Stock in the error queue already.
    const queued = (await procedure('Stock')).openErrors;
    expect(queued).toBe(1);
    const res = await call(admin, { method: 'POST', url: '/api/insync/run', payload: { procName: 'Stock' } });
    expect(res.statusCode).toBe(200);
    const runId = res.json().runs[0].id as number;
    await t.app.syncRunner.idle();
    const stock = await procedure('Stock');
    expect(stock.lastRun).toMatchObject({ id: runId, status: 'succeeded', rowsRead: DEMO_BATCH.stock + 1 });
    expect(stock.lastRun?.rowsWritten).toBe(DEMO_BATCH.stock);
    expect(stock.lastRun?.progress).toBe(stock.lastRun?.total);
    expect(stock.openErrors).toBe(queued + 1);
    // What the ERP said is now the portal's stock.
    const [change] = await testRows<{ a: number; s: string; q: number }>(
      t.database.db,
      sql`select (payload->>'articleId')::int as a, payload->>'storeId' as s, (payload->>'quantity')::int as q
            from demo_erp_changes where proc_name = 'Stock' and payload->>'storeId' <> ${DEMO_UNKNOWN_STORE}
           order by seq desc limit 1`,
    );
    const [row] = await testRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from stock where article_id = ${change!.a} and store_id = ${change!.s}`,
    );
    expect(row!.quantity).toBe(change!.q);
    const messages = (await messagesOf(runId)).map((m) => m.message);
    expect(messages[0]).toMatch(/^Iniciada por /);
    expect(messages.some((m) => m.includes(DEMO_UNKNOWN_STORE))).toBe(true);
    expect(messages.at(-1)).toBe(`Terminada: ${DEMO_BATCH.stock + 1} leídas, ${DEMO_BATCH.stock} escritas`);
    const log = (await call(admin, { method: 'GET', url: '/api/insync/getruns?procName=Stock' })).json();
    expect(log.rows[0]).toMatchObject({ id: runId, status: 'succeeded' });
  });

  it('retries a queued error: still failing, then resolved once the portal has the store', async () => {
    // The newest first: the one the run just queued.
    const [error] = (await call(admin, { method: 'GET', url: '/api/insync/geterrors' })).json() as { id: number }[];
    const again = await call(admin, { method: 'POST', url: `/api/insync/retryerror/${error!.id}` });
    expect(again.json()).toMatchObject({ resolved: false, message: 'WARN_SyncErrorStillFailing' });
    await t.database.db.execute(sql`insert into stores (id, name, street, city, zipcode, province, latitude, longitude)
      values (${DEMO_UNKNOWN_STORE}, 'Almacén de baja', 'Calle Mayor 1', 'Burgos', '09001', 'Burgos', 42.34, -3.7)`);
    const fixed = await call(admin, { method: 'POST', url: `/api/insync/retryerror/${error!.id}` });
    expect(fixed.json()).toMatchObject({ resolved: true, message: 'MSG_SyncErrorResolved' });
    const left = (await call(admin, { method: 'GET', url: '/api/insync/geterrors' })).json() as { id: number }[];
    expect(left.map((e) => e.id)).not.toContain(error!.id);
    const [row] = await testRows<{ retries: number }>(
      t.database.db,
      sql`select retries from sync_errors where id = ${error!.id}`,
    );
    expect(row!.retries).toBe(2);
    expect((await call(admin, { method: 'POST', url: `/api/insync/retryerror/${error!.id}` })).statusCode).toBe(404);
  });

  it('runs every procedure (syncall): new orders, packing slips, invoices, prices and a client blocked', async () => {
    // A web order of buyer's, paid cash: WebOrdersExport is the demo ERP client's pass, which reads its event.
    const [article] = await articlesInStore(t, 'MAD01', 1);
    await addFrom(t.app, buyer, article!.id, 'MAD01', 1);
    const { locations } = await filledLocations(t.app, buyer, { MAD01: (await paymentMethodIds(t.app, buyer)).cash });
    const finish = await checkoutCall(t.app, buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(finish.statusCode, finish.body).toBe(200);
    const orders = await count('erp_sales_orders');
    const res = await call(admin, { method: 'POST', url: '/api/insync/syncall' });
    expect(res.json().runs).toHaveLength(7);
    await t.app.syncRunner.idle();
    const body = await list();
    expect(body.running).toBe(false);
    for (const p of body.procedures) expect(p.lastRun?.status, p.procName).toBe('succeeded');
    const byName = new Map(body.procedures.map((p) => [p.procName, p.lastRun!]));
    // The ERP's new orders, and the web order the demo ERP took through the events and answered.
    const exported = byName.get('WebOrdersExport')!.rowsWritten;
    expect(exported).toBe(1);
    expect(await count('erp_sales_orders')).toBe(orders + DEMO_BATCH.salesOrders + exported);
    expect(byName.get('ArticlesPrices')?.rowsWritten).toBe(DEMO_BATCH.prices);
    expect(byName.get('ClientsAddresses')?.rowsWritten).toBe(1);
    expect(byName.get('PackingSlips')?.rowsWritten).toBeGreaterThan(0);
  });

  it('fails a run whose ERP cannot be read, with its error, and the next run succeeds', async () => {
    const broken: ErpSource = {
      name: 'broken',
      begin: async () => {
        throw new Error('ERP: conexión rechazada (ECONNREFUSED)');
      },
      changes: async () => [],
      pending: async () => 0,
    };
    const runner = syncRunner({ db: t.database.db, source: broken, owner: 'test-broken', clock: t.clock.now });
    const id = await runner.request('Invoices', 'admin');
    await runner.drain();
    const invoices = await procedure('Invoices');
    expect(invoices.lastRun).toMatchObject({ id, status: 'failed', error: 'ERP: conexión rechazada (ECONNREFUSED)' });
    expect((await messagesOf(id)).at(-1)).toMatchObject({ level: 'error' });
    await call(admin, { method: 'POST', url: '/api/insync/run', payload: { procName: 'Invoices' } });
    await t.app.syncRunner.idle();
    const after = await procedure('Invoices');
    expect(after.lastRun?.status).toBe('succeeded');
    expect(after.lastError).toBe('ERP: conexión rechazada (ECONNREFUSED)');
  });
});

describe('runs as jobs with leases', () => {
  it('two instances never run the same procedure at once: one run, taken by one of them', async () => {
    await resetCursor('ClientsAddresses');
    const source = await stockSource(5);
    const a = syncRunner({ db: t.database.db, source, owner: 'instance-a', clock: t.clock.now });
    const b = syncRunner({ db: t.database.db, source, owner: 'instance-b', clock: t.clock.now });
    const [first, second] = await Promise.all([a.request('Stock', 'admin'), b.request('Stock', 'admin')]);
    expect(second).toBe(first);
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(1);
    const messages = (await messagesOf(first)).map((m) => m.message);
    expect(messages.filter((m) => m.startsWith('Iniciada por') || m.startsWith('Retomada'))).toHaveLength(1);
    const [run] = await testRows<{ attempts: number; status: string }>(
      t.database.db,
      sql`select attempts, status from sync_runs where id = ${first}`,
    );
    expect(run).toEqual({ attempts: 1, status: 'succeeded' });
  });

  it('a run whose instance crashed mid-run is taken over after its lease and finished once', async () => {
    await resetCursor('Stock');
    const source = await stockSource(25);
    const opts = { db: t.database.db, source, clock: t.clock.now, leaseSeconds: 30, batchSize: 10 };
    const a = syncRunner({ ...opts, owner: 'instance-a' });
    const b = syncRunner({ ...opts, owner: 'instance-b' });
    const id = await a.request('Stock', 'admin');
    const run = (await a.claim())!;
    await a.begin(run);
    expect(await a.step(run)).toBe('more');
    // Instance a stops here (crash). While its lease runs, nobody else takes the run.
    expect(await b.claim()).toBeNull();
    t.clock.advance(31_000);
    const taken = (await b.claim())!;
    expect(taken).toMatchObject({ id, attempts: 2 });
    await b.execute(taken);
    // a wakes up: its lease is gone, it writes nothing.
    expect(await a.step(run)).toBe('lost');
    const [row] = await testRows<{ status: string; rows_read: number; rows_written: number; total: number }>(
      t.database.db,
      sql`select status, rows_read, rows_written, total from sync_runs where id = ${id}`,
    );
    expect(row).toEqual({ status: 'succeeded', rows_read: 25, rows_written: 25, total: 25 });
    const [cursor] = await testRows<{ cursor: number }>(
      t.database.db,
      sql`select cursor::int as cursor from sync_procedures where name = 'Stock'`,
    );
    expect(cursor!.cursor).toBe(1_000_024);
    expect(
      (await messagesOf(id)).some((m) => m.level === 'warn' && m.message.startsWith('Retomada por instance-b')),
    ).toBe(true);
  });
});

describe('deleteTable and the validation year', () => {
  it('refuses a bad table or year (400) and deletes nothing', async () => {
    const before = await count('erp_sales_orders');
    const next = new Date().getUTCFullYear() + 1;
    for (const [payload, key] of [
      [{ iType: 9, ivalue: 2012 }, 'WARN_SyncTableInvalid'],
      [{ iType: 1, ivalue: 1999 }, 'WARN_SyncYearInvalid'],
      [{ iType: 1, ivalue: next }, 'WARN_SyncYearInvalid'],
      [{ iType: 1, ivalue: 'dos mil' }, 'WARN_SyncYearInvalid'],
    ] as const) {
      const res = await call(admin, { method: 'POST', url: '/api/insync/deleteTable', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(await count('erp_sales_orders')).toBe(before);
  });

  it('deletes the documents before the year and imports none older from then on', async () => {
    const year = new Date().getUTCFullYear();
    const [older] = await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from erp_sales_orders where created_at < ${`${year}-01-01`}::timestamptz`,
    );
    expect(older!.n).toBeGreaterThan(0);
    const res = await call(admin, {
      method: 'POST',
      url: '/api/insync/deleteTable',
      payload: { iType: 1, ivalue: year },
    });
    expect(res.json()).toEqual({ message: 'MSG_SyncTableDeleted', deleted: older!.n, validationYear: year });
    const [left] = await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from erp_sales_orders where created_at < ${`${year}-01-01`}::timestamptz`,
    );
    expect(left!.n).toBe(0);
    expect((await procedure('SalesOrders')).validationYear).toBe(year);
    // An ERP order of last year now is read and skipped.
    await t.database.db.execute(sql`insert into demo_erp_changes (proc_name, item_key, payload) values ('SalesOrders', 'OLD1',
      ${JSON.stringify({ salesId: 'OLD1', client: 'C00002', createdAt: `${year - 1}-06-01T10:00:00Z`, storeId: 'x', customerRef: '', dlvMode: 'x', lines: [] })}::jsonb)`);
    const run = await call(admin, { method: 'POST', url: '/api/insync/run', payload: { procName: 'SalesOrders' } });
    await t.app.syncRunner.idle();
    const messages = (await messagesOf(run.json().runs[0].id)).map((m) => m.message);
    expect(messages.some((m) => m.includes(`anteriores a ${year} omitidos`))).toBe(true);
    expect(await testRows(t.database.db, sql`select 1 from erp_sales_orders where sales_id = 'OLD1'`)).toEqual([]);
  });
});
