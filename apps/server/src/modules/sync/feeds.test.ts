import { FEED_MAX_ERRORS, type FeedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, form, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from '../../test/users.ts';

let t: TestApp;
let token: string;
let admin: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

const machineToken = (scopes: ('erp.feeds' | 'erp.events')[], name: string) => newMachineToken(t, name, scopes);

type Send = { ndjson?: boolean; key?: string; as?: string };
function send(feed: string, body: unknown[] | string, o: Send = {}) {
  const payload = typeof body === 'string' ? body : o.ndjson ? body.map((r) => JSON.stringify(r)).join('\n') : body;
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/v1/feeds/${feed}`,
    headers: {
      ...bearer(o.as ?? token),
      'content-type': o.ndjson ? 'application/x-ndjson' : 'application/json',
      ...(o.key ? { 'idempotency-key': o.key } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}
const result = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResult;
};

/** Two articles and two stores of the demo data, and an ITEMID no article has. */
let a1: { id: number; ref: string };
let a2: { id: number; ref: string };
const S1 = 'MAD01';
let s2: string;
const quantity = async (articleId: number, storeId: string) =>
  (
    await rows<{ quantity: number }>(
      sql`select quantity from stock where article_id = ${articleId} and store_id = ${storeId}`,
    )
  )[0]?.quantity ?? null;

/** An article of brand ACME, family 01, with its list price (1.00) in `article_prices`. */
const newArticle = (id: number, ref: string, refNorm: string, description: string) =>
  t.database.db.execute(sql`with a as (
      insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, search_text)
      values (${id}, ${ref}, ${refNorm}, 'ACME', '01', ${description}, lower(${`${ref} ${description}`}))
      returning id)
    insert into article_prices (article_id, pv1d) select id, 1 from a`);

beforeAll(async () => {
  t = await createTestApp();
  token = await machineToken(['erp.feeds'], 'ERP feeds');
  admin = (await makeUser(t, 'admin')).token;
  const articles = await rows<{ id: number; ref: string }>(
    sql`select id, ref_jumasa as ref from articles order by id limit 2`,
  );
  [a1, a2] = [articles[0]!, articles[1]!];
  const [store] = await rows<{ id: string }>(sql`select id from stores where id <> ${S1} order by id limit 1`);
  s2 = store!.id;
});
afterAll(() => t.close());

describe('the stock feed', () => {
  it('applies rows, refuses each bad one with its key and reason, deletes on _delete, and changes nothing when sent again', async () => {
    const body = [
      { ITEMID: a1.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 4141 },
      { ITEMID: a2.ref, INVENTLOCATIONID: s2, AVAILPHYSICAL: 7007, MODIFIEDDATETIME: '2026-01-01T10:00:00Z' },
      { ITEMID: 'NO-SUCH-ITEM', INVENTLOCATIONID: S1, AVAILPHYSICAL: 1 },
      { ITEMID: a1.ref, INVENTLOCATIONID: 'NOWHERE', AVAILPHYSICAL: 1 },
      { ITEMID: a2.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 'many' },
      { ITEMID: a2.ref, INVENTLOCATIONID: S1 },
    ];
    const first = result(await send('stock', body));
    expect(first).toMatchObject({ applied: 2, unchanged: 0, refused: 4, errorsLeftOff: 0 });
    expect(first.errors).toEqual([
      { row: 3, key: `NO-SUCH-ITEM/${S1}`, reason: 'unknown-article' },
      { row: 4, key: `${a1.ref}/NOWHERE`, reason: 'unknown-store' },
      { row: 5, key: `${a2.ref}/${S1}`, reason: expect.stringMatching(/^malformed: AVAILPHYSICAL/) },
      { row: 6, key: `${a2.ref}/${S1}`, reason: expect.stringMatching(/^malformed: AVAILPHYSICAL/) },
    ]);
    expect(await quantity(a1.id, S1)).toBe(4141);
    expect(await quantity(a2.id, s2)).toBe(7007);

    // The same rows again: nothing written, each row unchanged, the refused ones refused again.
    const again = result(await send('stock', body));
    expect(again).toMatchObject({ applied: 0, unchanged: 2, refused: 4 });

    // A delete is an explicit row; deleting what is not there is unchanged.
    const gone = result(await send('stock', [{ ITEMID: a2.ref, INVENTLOCATIONID: s2, _delete: true }]));
    expect(gone).toMatchObject({ applied: 1, unchanged: 0, refused: 0 });
    expect(await quantity(a2.id, s2)).toBeNull();
    expect(result(await send('stock', [{ ITEMID: a2.ref, INVENTLOCATIONID: s2, _delete: true }])).unchanged).toBe(1);
  });

  it('reads NDJSON as a stream over several batches: blank lines skipped, a line that is not JSON refused alone', async () => {
    const pairs = await rows<{ ref: string; store: string; quantity: number; article_id: number }>(
      sql`select a.ref_jumasa as ref, s.store_id as store, s.quantity, s.article_id
            from stock s join articles a on a.id = s.article_id order by s.article_id, s.store_id limit 2500`,
    );
    expect(pairs.length).toBe(2500);
    const lines = pairs.map((p) =>
      JSON.stringify({ ITEMID: p.ref, INVENTLOCATIONID: p.store, AVAILPHYSICAL: p.quantity + 3 }),
    );
    lines.splice(
      1200,
      0,
      '',
      '{"ITEMID": "broken"',
      JSON.stringify({ ITEMID: 'A\u0000B', INVENTLOCATIONID: S1, AVAILPHYSICAL: 1 }),
    );
    const res = result(await send('stock', `${lines.join('\r\n')}\n`, { ndjson: true }));
    expect(res).toMatchObject({ applied: 2500, unchanged: 0, refused: 2 });
    expect(res.errors).toEqual([
      { row: 1201, key: '', reason: 'malformed: not JSON' },
      { row: 1202, key: `A\u0000B/${S1}`, reason: expect.stringMatching(/^malformed: ITEMID: NUL/) },
    ]);
    const last = pairs[2499]!;
    expect(await quantity(last.article_id, last.store)).toBe(last.quantity + 3);
  });

  it('finds an ITEMID holding quotes, backslashes, commas, braces and NULL as it is written', async () => {
    const odd = 'Q"1\\,{x} NULL';
    await newArticle(999010, odd, 'Q1X', 'Raro');
    const res = result(
      await send('stock', [
        { ITEMID: odd, INVENTLOCATIONID: S1, AVAILPHYSICAL: 5 },
        { ITEMID: 'NULL', INVENTLOCATIONID: S1, AVAILPHYSICAL: 5 },
      ]),
    );
    expect(res).toMatchObject({ applied: 1, errors: [{ row: 2, key: `NULL/${S1}`, reason: 'unknown-article' }] });
    expect(await quantity(999010, S1)).toBe(5);
    expect(result(await send('prices', [{ ITEMID: odd, PV1D: '3.30' }])).applied).toBe(1);
  });

  it('lists the first refusals and counts the others', async () => {
    const body = Array.from({ length: FEED_MAX_ERRORS + 5 }, (_, i) => ({ ITEMID: `X${i}`, INVENTLOCATIONID: S1 }));
    const res = result(await send('stock', body, { ndjson: true }));
    expect(res).toMatchObject({ applied: 0, refused: FEED_MAX_ERRORS + 5, errorsLeftOff: 5 });
    expect(res.errors.length).toBe(FEED_MAX_ERRORS);
  });

  it('answers a batch sent again with the same Idempotency-Key as the first time, and refuses another body under it', async () => {
    const body = [{ ITEMID: a1.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 555 }];
    const first = await send('stock', body, { ndjson: true, key: 'batch-0001' });
    expect(result(first)).toMatchObject({ applied: 1, unchanged: 0 });
    // Meanwhile the figure moves; the retry is not applied again, it answers what the first call answered.
    await t.database.db.execute(sql`update stock set quantity = 1 where article_id = ${a1.id} and store_id = ${S1}`);
    const retry = await send('stock', body, { ndjson: true, key: 'batch-0001' });
    expect(result(retry)).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await quantity(a1.id, S1)).toBe(1);
    const other = await send('stock', [{ ...body[0], AVAILPHYSICAL: 556 }], { ndjson: true, key: 'batch-0001' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: 'WARN_FeedIdempotencyOtherBody' });
    // The same key on another feed is another body too.
    expect((await send('prices', body, { ndjson: true, key: 'batch-0001' })).statusCode).toBe(422);
    expect(await quantity(a1.id, S1)).toBe(1);
    expect((await send('stock', body, { key: 'bad key with spaces' })).statusCode).toBe(400);
    // A key whose first batch is still being applied (its answer not kept yet) is 409, and nothing is applied.
    const [client] = await rows<{ client_id: string }>(
      sql`select client_id from integration_idempotency where key = 'batch-0001'`,
    );
    await t.database.db.execute(sql`insert into integration_idempotency (client_id, key, feed, digest)
      values (${client!.client_id}::uuid, 'batch-0002', 'stock', '')`);
    const running = await send('stock', body, { ndjson: true, key: 'batch-0002' });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ message: 'WARN_FeedInProgress' });
  });

  it('refuses a body that is not an array, a person’s token (401) and a client without erp.feeds (403)', async () => {
    const notArray = await send('stock', '{"ITEMID": "x"}');
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json()).toMatchObject({ message: 'WARN_FeedNotArray' });
    // A form is not rows: 415, not a 500 (found by the input guard's property test).
    const asForm = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/feeds/stock',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ITEMID=x',
    });
    expect(asForm.statusCode).toBe(415);
    expect(asForm.json()).toMatchObject({ message: 'WARN_FeedMediaType' });
    const body = [{ ITEMID: a1.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 9 }];
    expect((await send('stock', body, { as: admin })).statusCode).toBe(401);
    const events = await machineToken(['erp.events'], 'ERP events only');
    expect((await send('stock', body, { as: events })).statusCode).toBe(403);
    expect(await quantity(a1.id, S1)).toBe(1);
  });
});

describe('the prices feed', () => {
  const pv1d = async (id: number) =>
    (await rows<{ pv1d: string }>(sql`select pv1d::text from article_prices where article_id = ${id}`))[0]!.pv1d;

  it('applies prices, and a price sent again is unchanged', async () => {
    const res = result(
      await send('prices', [
        { ITEMID: a1.ref, PV1D: 12.5 },
        { ITEMID: a2.ref, PV1D: '7.05' },
      ]),
    );
    expect(res).toMatchObject({ applied: 2, unchanged: 0, refused: 0 });
    expect(await pv1d(a1.id)).toBe('12.50');
    expect(await pv1d(a2.id)).toBe('7.05');
    const again = result(await send('prices', [{ ITEMID: a1.ref, PV1D: '12.50' }], { ndjson: true }));
    expect(again).toMatchObject({ applied: 0, unchanged: 1 });
    const bad = result(
      await send('prices', [
        { ITEMID: a1.ref, PV1D: '1.234' },
        { ITEMID: a1.ref, PV1D: -1 },
      ]),
    );
    expect(bad.errors.map((e) => e.reason)).toEqual([
      expect.stringMatching(/^malformed: PV1D/),
      expect.stringMatching(/^malformed: PV1D/),
    ]);
  });

  it('keeps a price of an article the portal does not know in the sync error queue, and applies it once the article is there', async () => {
    const res = result(await send('prices', [{ ITEMID: 'NEW-ARTICLE-1', PV1D: '99.90' }], { ndjson: true }));
    expect(res).toMatchObject({ refused: 1, errors: [{ row: 1, key: 'NEW-ARTICLE-1', reason: 'unknown-article' }] });
    // Sent again (a newer price), the queue keeps one error with the newest price.
    result(await send('prices', [{ ITEMID: 'NEW-ARTICLE-1', PV1D: '98.00' }]));
    const open = await rows<{ id: number; payload: unknown }>(
      sql`select id::int, payload from sync_errors
           where proc_name = 'ArticlesPrices' and item_key = 'NEW-ARTICLE-1' and resolved_at is null`,
    );
    expect(open).toEqual([{ id: expect.any(Number), payload: { itemId: 'NEW-ARTICLE-1', pv1d: '98.00' } }]);

    // The article arrives; the error queue's retry applies the kept price through the procedure's applier.
    await newArticle(999001, 'NEW-ARTICLE-1', 'NEWARTICLE1', 'Nuevo');
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/insync/retryerror/${open[0]!.id}`,
      headers: bearer(admin),
    });
    expect(retry.json()).toMatchObject({ resolved: true });
    expect(await pv1d(999001)).toBe('98.00');
  });

  it('a price the feed applies resolves the kept price of its article, which can no longer come back over it', async () => {
    result(await send('prices', [{ ITEMID: 'NEW-ARTICLE-2', PV1D: '5.00' }]));
    await newArticle(999002, 'NEW-ARTICLE-2', 'NEWARTICLE2', 'Nuevo');
    expect(result(await send('prices', [{ ITEMID: 'NEW-ARTICLE-2', PV1D: '6.00' }])).applied).toBe(1);
    const open = await rows(sql`select 1 from sync_errors where item_key = 'NEW-ARTICLE-2' and resolved_at is null`);
    expect(open).toEqual([]);
    expect(await pv1d(999002)).toBe('6.00');
  });
});

describe('the clients feed', () => {
  const client = async (accountnum: string) =>
    (
      await rows<{
        name: string;
        commercial_name: string | null;
        store_id: string | null;
        orders_blocked: boolean;
        all_blocked: boolean;
      }>(
        sql`select name, commercial_name, store_id, orders_blocked, all_blocked from clients where accountnum = ${accountnum}`,
      )
    )[0];

  it('creates a new account, updates a known one keeping what the row leaves out, refuses unknown ones and stores', async () => {
    const before = (await client('C00002'))!;
    const res = result(
      await send('clients', [
        { ACCOUNTNUM: 'C77001', NAME: 'Recambios Feed S.L.', NOMCOMERCIAL: 'Feed', ALMACEN: S1, BOQPEDIDO: true },
        { ACCOUNTNUM: 'C00002', BOQPEDIDO: !before.orders_blocked },
        { ACCOUNTNUM: 'C77002', BOQPEDIDO: true },
        { ACCOUNTNUM: 'C77003', NAME: 'Sin almacén', ALMACEN: 'NOWHERE' },
        { ACCOUNTNUM: 'C77004', NAME: 'Mal correo', EMAIL: 'not-an-email' },
      ]),
    );
    expect(res).toMatchObject({ applied: 2, unchanged: 0, refused: 3 });
    expect(res.errors).toEqual([
      { row: 3, key: 'C77002', reason: 'unknown-client' },
      { row: 4, key: 'C77003', reason: 'unknown-store' },
      { row: 5, key: 'C77004', reason: expect.stringMatching(/^malformed: EMAIL/) },
    ]);
    expect(await client('C77001')).toEqual({
      name: 'Recambios Feed S.L.',
      commercial_name: 'Feed',
      store_id: S1,
      orders_blocked: true,
      all_blocked: false,
    });
    expect(await client('C00002')).toEqual({ ...before, orders_blocked: !before.orders_blocked });
    const again = result(
      await send('clients', [{ ACCOUNTNUM: 'C00002', BOQPEDIDO: !before.orders_blocked }], { ndjson: true }),
    );
    expect(again).toMatchObject({ applied: 0, unchanged: 1 });
  });

  it('a client blocked by the feed (BLOQTODO) can no longer sign in, and its sessions end', async () => {
    const buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
    expect(result(await send('clients', [{ ACCOUNTNUM: 'C00002', BLOQTODO: true }])).applied).toBe(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/token',
      ...form({ grant_type: 'password', username: buyer2.username, password: TEST_USER_PASSWORD }),
    });
    expect(res.statusCode).toBe(400);
    // And the session the user had ends at once (the clients trigger announces the change: decision 0014).
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/account/getUser',
      headers: bearer(buyer2.token),
    });
    expect(session.statusCode).toBe(401);
  });
});

describe('the web-order-results feed', () => {
  /** A web order of buyer, not imported, as checkout leaves it. */
  async function newWebOrder(): Promise<number> {
    const user = await makeUser(t, 'plateBuyer');
    const [method] = await rows<{ id: number; name: string }>(
      sql`select id, name from payment_methods order by id limit 1`,
    );
    const [cart] = await rows<{ id: number }>(
      sql`insert into carts (user_id, client_accountnum, status, finished_at)
          values (${user.id}, 'C00001', 'finished', now()) returning id::int`,
    );
    const [order] = await rows<{ id: number }>(
      sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, delivery_date, delivery_name,
            customer_ref, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name, list_amount, net_amount,
            next_attempt_at, erp_claimed_until)
          values (${cart!.id}, ${user.id}, 'C00001', 'MAD01', 'Almacén Madrid Sur', current_date + 1, 'Talleres',
            'OT-FEED', 'RUTA', 'Reparto', ${method!.id}, ${method!.name}, 20, 15, now(), now() + interval '5 minutes')
          returning id::int`,
    );
    return order!.id;
  }
  const state = async (id: number) =>
    (
      await rows<{
        imported: boolean;
        error: string | null;
        retries: number;
        sales_related: string | null;
        claimed: boolean;
        due: boolean;
      }>(
        sql`select imported, error, retries, sales_related, erp_claimed_until is not null as claimed,
                   next_attempt_at is not null as due from web_orders where id = ${id}`,
      )
    )[0]!;

  it('makes a web order IMPORTED only with the ERP’s SALESID, records the ERP’s error, refuses unknown and re-answered orders', async () => {
    const [ok, refusedByErp] = [await newWebOrder(), await newWebOrder()];
    const body = [
      { WEBORDERID: ok, SALESID: ['PV-0000901', 'PV-0000902'] },
      { WEBORDERID: refusedByErp, ERROR: 'Cliente bloqueado en el ERP' },
      { WEBORDERID: 987654321, SALESID: ['PV-1'] },
      { WEBORDERID: ok },
    ];
    const res = result(await send('web-order-results', body));
    expect(res).toMatchObject({ applied: 2, unchanged: 0, refused: 2 });
    expect(res.errors).toEqual([
      { row: 3, key: '987654321', reason: 'unknown-web-order' },
      { row: 4, key: String(ok), reason: expect.stringMatching(/^malformed: .*SALESID or ERROR/) },
    ]);
    expect(await state(ok)).toEqual({
      imported: true,
      error: null,
      retries: 0,
      sales_related: 'PV-0000901,PV-0000902',
      claimed: false,
      due: false,
    });
    expect(await state(refusedByErp)).toMatchObject({
      imported: false,
      error: 'Cliente bloqueado en el ERP',
      retries: 1,
    });

    // Sent again: nothing changes (no second retry counted).
    const again = result(await send('web-order-results', body.slice(0, 2), { ndjson: true }));
    expect(again).toMatchObject({ applied: 0, unchanged: 2, refused: 0 });
    expect((await state(refusedByErp)).retries).toBe(1);

    // An imported web order takes no other answer.
    const other = result(
      await send('web-order-results', [
        { WEBORDERID: ok, SALESID: ['PV-OTHER'] },
        { WEBORDERID: ok, ERROR: 'late' },
      ]),
    );
    expect(other.errors.map((e) => e.reason)).toEqual(['already-imported', 'already-imported']);
    expect((await state(ok)).sales_related).toBe('PV-0000901,PV-0000902');

    // The one the ERP refused is imported once it answers its SALESID.
    result(await send('web-order-results', [{ WEBORDERID: refusedByErp, SALESID: ['PV-0000903'] }]));
    expect(await state(refusedByErp)).toMatchObject({ imported: true, error: null, sales_related: 'PV-0000903' });
  });
});

describe('the last batch of each feed (sync screen)', () => {
  it('shows rows, applied, unchanged, refused and the lag from the newest row’s ERP timestamp; admins only', async () => {
    const modified = new Date(t.clock.now().getTime() - 90_000).toISOString();
    result(
      await send('stock', [
        { ITEMID: a1.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 3, MODIFIEDDATETIME: modified },
        { ITEMID: a1.ref, INVENTLOCATIONID: S1, AVAILPHYSICAL: 3, MODIFIEDDATETIME: '2020-01-01T00:00:00Z' },
        { ITEMID: 'NONE', INVENTLOCATIONID: S1, AVAILPHYSICAL: 3 },
      ]),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/insync/getfeeds', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const stock = (res.json() as { feed: string; client: string }[]).find(
      (b) => b.feed === 'stock' && b.client === 'ERP feeds',
    );
    // The earlier row of the same key is superseded by the later one in the batch (unchanged).
    expect(stock).toMatchObject({ rows: 3, applied: 1, unchanged: 1, refused: 1 });
    // The test's clock runs: the batch ends a moment after the 90 s the newest row was stamped before it began.
    expect((stock as unknown as { lagSeconds: number }).lagSeconds).toBeGreaterThanOrEqual(90);
    expect((stock as unknown as { lagSeconds: number }).lagSeconds).toBeLessThan(120);
    const buyer = (await makeUser(t, 'plateBuyer')).token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/insync/getfeeds', headers: bearer(buyer) })).statusCode,
    ).toBe(403);
  });
});

describe('the API document', () => {
  it('describes each feed’s rows, as JSON and as NDJSON, with an example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } } }
      >;
    };
    const stock = doc.paths['/api/integration/v1/feeds/stock']?.post?.requestBody?.content;
    expect(Object.keys(stock ?? {}).sort()).toEqual(['application/json', 'application/x-ndjson']);
    const schema = JSON.stringify(stock?.['application/x-ndjson']?.schema);
    for (const field of ['ITEMID', 'INVENTLOCATIONID', 'AVAILPHYSICAL', '_delete', 'MODIFIEDDATETIME', 'example'])
      expect(schema).toContain(field);
    for (const feed of ['prices', 'clients', 'web-order-results'])
      expect(doc.paths[`/api/integration/v1/feeds/${feed}`]?.post?.requestBody).toBeDefined();
  });
});
