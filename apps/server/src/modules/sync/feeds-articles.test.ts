import { normalizeCode } from '@portal/contract/catalog';
import type { FeedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/checkout-support.ts';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';

/** The articles and stores feeds (decision 0065), through the API, on the demo data. */
let t: TestApp;
let token: string;
let buyer: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

const machineToken = () => newMachineToken(t, 'ERP catalogue', ['erp.feeds']);

function send(feed: string, body: unknown[], o: { ndjson?: boolean; key?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/v1/feeds/${feed}`,
    headers: {
      ...bearer(token),
      'content-type': o.ndjson ? 'application/x-ndjson' : 'application/json',
      ...(o.key ? { 'idempotency-key': o.key } : {}),
    },
    payload: o.ndjson ? body.map((r) => JSON.stringify(r)).join('\n') : JSON.stringify(body),
  });
}
const result = (res: { statusCode: number; json: () => unknown; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResult;
};

type Article = {
  id: number;
  ref_jumasa: string;
  ref_norm: string;
  description: string;
  family_code: string;
  supplier: string;
  pv1d: string;
  eurocode: string | null;
  search_text: string;
  withdrawn: boolean;
  image_count: number;
};
const article = async (ref: string) =>
  (
    await rows<Article>(
      sql`select a.id, ref_jumasa, ref_norm, description, family_code, supplier, p.pv1d::text, eurocode, search_text,
                 withdrawn, image_count
            from articles a left join article_prices p on p.article_id = a.id where ref_jumasa = ${ref}`,
    )
  )[0];
const oemOf = (id: number) =>
  rows<{ oem: string; oem_norm: string }>(
    sql`select oem, oem_norm from article_oem where article_id = ${id} order by oem_norm`,
  );
const fitmentsOf = (id: number) =>
  rows<{ model_id: number; engine_id: number | null; family_code: string; ref_jumasa: string; make_id: number }>(
    sql`select model_id, engine_id, family_code, ref_jumasa, make_id from fitments where article_id = ${id}
         order by model_id, engine_id nulls first`,
  );
const makesOf = (id: number) =>
  rows<{ make_id: number; family_code: string }>(
    sql`select make_id, family_code from article_makes where article_id = ${id} order by make_id`,
  );
const namesOf = (id: number) =>
  rows<{ lang: string; name: string }>(
    sql`select lang, name from article_names where article_id = ${id} order by lang`,
  );

/** Two vehicle models of different makes, the first with an engine. */
let m1: { id: number; make_id: number; engine: number };
let m2: { id: number; make_id: number };

async function search(query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/getlist?${new URLSearchParams(query)}`,
    headers: bearer(buyer),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { records: { ref_jumasa: string }[] }).records.map((r) => r.ref_jumasa);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await machineToken();
  buyer = (await makeUser(t, 'plateBuyer')).token;
  const [first] = await rows<{ id: number; make_id: number; engine: number }>(
    sql`select m.id, m.make_id, e.id as engine from vehicle_models m join vehicle_engines e on e.model_id = m.id
         order by m.id, e.id limit 1`,
  );
  m1 = first!;
  const [second] = await rows<{ id: number; make_id: number }>(
    sql`select id, make_id from vehicle_models where make_id <> ${m1.make_id} order by id limit 1`,
  );
  m2 = second!;
});
afterAll(() => t.close());

const NEW = {
  ITEMID: 'ZQX.771-0001',
  ITEMNAME: 'Disco de freno zumbaquex',
  NAMES: [
    { LANGUAGEID: 'en', NAME: 'Zumbaquex brake disc' },
    { LANGUAGEID: 'pt', NAME: 'Disco de travão zumbaquex' },
  ],
  FAMILY: '28',
  PROVEEDOR: 'Zumbaquex',
  PV1D: '42.10',
  OEM: ['7qx 615 301 a', '7QX-615-302.B'],
  EUROCODE: '9911 agn',
  MODIFIEDDATETIME: '2026-11-26T09:00:00Z',
};

describe('the articles feed', () => {
  it('creates an article with its names, codes and fitments, keeps the catalogue’s normalised columns, and changes nothing when sent again', async () => {
    const row = { ...NEW, FITMENTS: [{ MODELID: m1.id, ENGINEID: m1.engine }, { MODELID: m2.id }] };
    const first = result(await send('articles', [row]));
    expect(first).toMatchObject({ applied: 1, unchanged: 0, refused: 0 });

    const a = (await article(NEW.ITEMID))!;
    expect(a).toMatchObject({
      description: NEW.ITEMNAME,
      family_code: '28',
      supplier: 'Zumbaquex',
      pv1d: '42.10',
      ref_norm: normalizeCode(NEW.ITEMID),
      eurocode: normalizeCode(NEW.EUROCODE),
      withdrawn: false,
      image_count: 0,
    });
    // The search text is the catalogue's: normalised reference, name, EUROCODE, normalised OEM codes, lower case.
    expect(a.search_text).toBe(
      [normalizeCode(NEW.ITEMID), NEW.ITEMNAME, normalizeCode(NEW.EUROCODE), ...NEW.OEM.map(normalizeCode)]
        .join(' ')
        .toLowerCase(),
    );
    expect(await oemOf(a.id)).toEqual([
      { oem: '7qx 615 301 a', oem_norm: '7QX615301A' },
      { oem: '7QX-615-302.B', oem_norm: '7QX615302B' },
    ]);
    expect(await namesOf(a.id)).toEqual([
      { lang: 'en', name: 'Zumbaquex brake disc' },
      { lang: 'pt', name: 'Disco de travão zumbaquex' },
    ]);
    expect(await fitmentsOf(a.id)).toEqual(
      [
        { model_id: m1.id, engine_id: m1.engine, family_code: '28', ref_jumasa: NEW.ITEMID, make_id: m1.make_id },
        { model_id: m2.id, engine_id: null, family_code: '28', ref_jumasa: NEW.ITEMID, make_id: m2.make_id },
      ].sort((x, y) => x.model_id - y.model_id),
    );
    expect(await makesOf(a.id)).toEqual(
      [
        { make_id: m1.make_id, family_code: '28' },
        { make_id: m2.make_id, family_code: '28' },
      ].sort((x, y) => x.make_id - y.make_id),
    );
    // Its reference grams and word postings follow through the catalogue's triggers.
    expect(
      (await rows(sql`select 1 from article_ref_grams where article_id = ${a.id} and gram = 'ZQX77'`)).length,
    ).toBe(1);

    // The same row again: nothing written.
    expect(result(await send('articles', [row], { ndjson: true }))).toMatchObject({ applied: 0, unchanged: 1 });
  });

  it('finds a fed article through the catalogue search by reference, OEM code, EUROCODE and free text', async () => {
    expect(await search({ searchbyreference: 'zqx771' })).toEqual([NEW.ITEMID]);
    expect(await search({ manufacturerrefOEM: '7QX615302B' })).toEqual([NEW.ITEMID]);
    expect(await search({ manufacturerrefEUROCODE: '9911AG' })).toEqual([NEW.ITEMID]);
    expect(await search({ filter: 'zumbaquex' })).toEqual([NEW.ITEMID]);
  });

  it('updates what a row gives and keeps what it leaves out; a collection given replaces the article’s whole', async () => {
    const before = (await article(NEW.ITEMID))!;
    const res = result(
      await send('articles', [
        { ITEMID: NEW.ITEMID, FAMILY: '02', OEM: ['7QX 615 399 Z'], FITMENTS: [{ MODELID: m2.id }], NAMES: [] },
      ]),
    );
    expect(res).toMatchObject({ applied: 1, refused: 0 });
    const a = (await article(NEW.ITEMID))!;
    expect(a).toMatchObject({ description: NEW.ITEMNAME, family_code: '02', pv1d: '42.10', supplier: 'Zumbaquex' });
    expect(await oemOf(before.id)).toEqual([{ oem: '7QX 615 399 Z', oem_norm: '7QX615399Z' }]);
    expect(a.search_text).toBe(`${normalizeCode(NEW.ITEMID)} ${NEW.ITEMNAME} 9911agn 7qx615399z`.toLowerCase());
    expect(await namesOf(before.id)).toEqual([]);
    // The new family travels with the fitments and makes; the make of the model left out goes.
    expect(await fitmentsOf(before.id)).toEqual([
      { model_id: m2.id, engine_id: null, family_code: '02', ref_jumasa: NEW.ITEMID, make_id: m2.make_id },
    ]);
    expect(await makesOf(before.id)).toEqual([{ make_id: m2.make_id, family_code: '02' }]);
    // The old code is no longer found, the new one is.
    expect(await search({ manufacturerrefOEM: '7QX615301A' })).toEqual([]);
    expect(await search({ manufacturerrefOEM: '7QX615399Z' })).toEqual([NEW.ITEMID]);

    // Only a flag: the rest kept, the collections untouched.
    expect(result(await send('articles', [{ ITEMID: NEW.ITEMID, OFERTA: true, EUROCODE: null }])).applied).toBe(1);
    expect(await oemOf(before.id)).toHaveLength(1);
    expect((await article(NEW.ITEMID))!.eurocode).toBeNull();
  });

  it('refuses each bad row with its key and reason and applies the good ones beside them', async () => {
    const res = result(
      await send('articles', [
        { ITEMID: 'ZQX-GOOD-1', ITEMNAME: 'Bueno', FAMILY: '24', PROVEEDOR: 'Zumbaquex', PV1D: 3 },
        { ITEMID: 'ZQX-BAD-1', ITEMNAME: 'Familia rara', FAMILY: '99', PROVEEDOR: 'Zumbaquex', PV1D: 3 },
        { ITEMID: 'ZQX-BAD-2', ITEMNAME: 'Sin precio', FAMILY: '01', PROVEEDOR: 'Zumbaquex' },
        {
          ITEMID: 'ZQX-BAD-3',
          ITEMNAME: 'Vehículo raro',
          FAMILY: '01',
          PROVEEDOR: 'Z',
          PV1D: 1,
          FITMENTS: [{ MODELID: 99999999 }],
        },
        {
          ITEMID: 'ZQX-BAD-4',
          ITEMNAME: 'Motor de otro',
          FAMILY: '01',
          PROVEEDOR: 'Z',
          PV1D: 1,
          FITMENTS: [{ MODELID: m2.id, ENGINEID: m1.engine }],
        },
        { ITEMID: 'ZQX-BAD-5', PV1D: '1.234' },
        { ITEMID: 'ZQX-BAD-6', OEM: ['--'] },
        { ITEMID: 'ZQX-BAD-7', NAMES: [{ LANGUAGEID: 'de', NAME: 'Bremsscheibe' }] },
        { ITEMID: 'ZQX-BAD-8', _delete: true, ITEMNAME: 'x' },
        { ITEMID: 'ZQX-GOOD-2', ITEMNAME: 'Bueno 2', FAMILY: '25', PROVEEDOR: 'Zumbaquex', PV1D: '4.00' },
      ]),
    );
    expect(res).toMatchObject({ applied: 2, unchanged: 0, refused: 8 });
    expect(res.errors).toEqual([
      { row: 2, key: 'ZQX-BAD-1', reason: 'unknown-family' },
      { row: 3, key: 'ZQX-BAD-2', reason: 'unknown-article' },
      { row: 4, key: 'ZQX-BAD-3', reason: 'unknown-vehicle' },
      { row: 5, key: 'ZQX-BAD-4', reason: 'unknown-vehicle' },
      { row: 6, key: 'ZQX-BAD-5', reason: expect.stringMatching(/^malformed: PV1D/) },
      { row: 7, key: 'ZQX-BAD-6', reason: expect.stringMatching(/^malformed: OEM\.0: a code needs/) },
      { row: 8, key: 'ZQX-BAD-7', reason: expect.stringMatching(/^malformed: NAMES\.0\.LANGUAGEID/) },
      { row: 9, key: 'ZQX-BAD-8', reason: 'malformed: row: a delete carries ITEMID only' },
    ]);
    expect((await article('ZQX-GOOD-1'))!.family_code).toBe('24');
    expect((await article('ZQX-GOOD-2'))!.pv1d).toBe('4.00');
    for (const ref of ['ZQX-BAD-1', 'ZQX-BAD-2', 'ZQX-BAD-3', 'ZQX-BAD-4']) expect(await article(ref)).toBeUndefined();
    // A known article's unknown family is refused with nothing written.
    const known = result(await send('articles', [{ ITEMID: 'ZQX-GOOD-1', FAMILY: 'XX', ITEMNAME: 'Cambiado' }]));
    expect(known.errors).toEqual([{ row: 1, key: 'ZQX-GOOD-1', reason: 'unknown-family' }]);
    expect((await article('ZQX-GOOD-1'))!.description).toBe('Bueno');
  });

  it('of two rows with the same ITEMID the later wins; the earlier is unchanged', async () => {
    const res = result(
      await send('articles', [
        { ITEMID: 'ZQX-GOOD-1', ITEMNAME: 'Primero' },
        { ITEMID: 'ZQX-GOOD-1', ITEMNAME: 'Segundo' },
      ]),
    );
    expect(res).toMatchObject({ applied: 1, unchanged: 1 });
    expect((await article('ZQX-GOOD-1'))!.description).toBe('Segundo');
  });

  it('answers a retry with the same Idempotency-Key as the first time, applying nothing again', async () => {
    const body = [{ ITEMID: 'ZQX-IDEM-1', ITEMNAME: 'Idempotente', FAMILY: '01', PROVEEDOR: 'Z', PV1D: '2.00' }];
    const first = await send('articles', body, { key: 'articles-idem-1' });
    expect(result(first)).toMatchObject({ applied: 1 });
    // Changed in between: a replay must not apply its rows again.
    await t.database.db.execute(sql`update articles set description = 'Cambiada' where ref_jumasa = 'ZQX-IDEM-1'`);
    const replay = await send('articles', body, { key: 'articles-idem-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(result(replay)).toEqual(result(first));
    expect((await article('ZQX-IDEM-1'))!.description).toBe('Cambiada');
  });

  it('applies the price the prices feed kept for an ITEMID when the article arrives, and resolves it', async () => {
    const price = result(await send('prices', [{ ITEMID: 'ZQX-LATE-1', PV1D: '77.70' }]));
    expect(price.errors).toEqual([{ row: 1, key: 'ZQX-LATE-1', reason: 'unknown-article' }]);
    const created = result(
      await send('articles', [{ ITEMID: 'ZQX-LATE-1', ITEMNAME: 'Llega tarde', FAMILY: '26', PROVEEDOR: 'Z' }]),
    );
    expect(created).toMatchObject({ applied: 1, refused: 0 });
    expect((await article('ZQX-LATE-1'))!.pv1d).toBe('77.70');
    const open = await rows(
      sql`select 1 from sync_errors where proc_name = 'ArticlesPrices' and item_key = 'ZQX-LATE-1' and resolved_at is null`,
    );
    expect(open).toEqual([]);
  });

  it('deletes an article nothing refers to, and withdraws one a web order refers to', async () => {
    const free = (await article('ZQX-GOOD-2'))!;
    const gone = result(await send('articles', [{ ITEMID: 'ZQX-GOOD-2', _delete: true }]));
    expect(gone).toMatchObject({ applied: 1 });
    expect(await article('ZQX-GOOD-2')).toBeUndefined();
    expect(await rows(sql`select 1 from article_ref_grams where article_id = ${free.id}`)).toEqual([]);
    // Deleting what is not there is unchanged.
    expect(result(await send('articles', [{ ITEMID: 'ZQX-GOOD-2', _delete: true }])).unchanged).toBe(1);

    // An article of a demo web order: withdrawn from sale, not removed.
    const [line] = await rows<{ ref: string; id: number }>(
      sql`select a.ref_jumasa as ref, a.id from web_order_lines l join articles a on a.id = l.article_id
           order by l.web_order_id limit 1`,
    );
    expect(line).toBeDefined();
    const withdrawn = result(await send('articles', [{ ITEMID: line!.ref, _delete: true }]));
    expect(withdrawn).toMatchObject({ applied: 1, refused: 0 });
    const a = (await article(line!.ref))!;
    expect(a).toMatchObject({ withdrawn: true, search_text: '' });
    expect(await rows(sql`select 1 from stock where article_id = ${line!.id}`)).toEqual([]);
    expect(await fitmentsOf(line!.id)).toEqual([]);
    expect(await search({ searchbyreference: line!.ref })).toEqual([]);
    // Nor can it be put in a cart.
    const add = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcartfromrefjumasa', {
      ref_jumasa: line!.ref,
      quantity: 1,
    });
    expect(add.statusCode).toBe(404);
    expect(result(await send('articles', [{ ITEMID: line!.ref, _delete: true }])).unchanged).toBe(1);

    // Sent again by the ERP, it is on sale again and found.
    const back = result(await send('articles', [{ ITEMID: line!.ref, ITEMNAME: 'De vuelta' }]));
    expect(back).toMatchObject({ applied: 1 });
    expect((await article(line!.ref))!.withdrawn).toBe(false);
    expect(await search({ searchbyreference: line!.ref })).toEqual([line!.ref]);
  });
});

type Store = { id: string; name: string; city: string; active: boolean; latitude: string };
const store = async (id: string) =>
  (await rows<Store>(sql`select id, name, city, active, latitude::text from stores where id = ${id}`))[0];

describe('the stores feed', () => {
  const NEW_STORE = {
    INVENTLOCATIONID: 'ZQX01',
    NAME: 'Almacén Zumbaquex',
    STREET: 'Calle Mayor 1',
    CITY: 'Soria',
    ZIPCODE: '42001',
    STATE: 'Soria',
    LATITUDE: 41.7665,
    LONGITUDE: -2.4791,
  };

  it('creates, updates, refuses and deletes stores; a store referred to is deactivated, not removed', async () => {
    const first = result(
      await send('stores', [
        NEW_STORE,
        { INVENTLOCATIONID: 'ZQX02', NAME: 'Sin dirección' },
        { INVENTLOCATIONID: 'ZQX03', ...{ NAME: 'Mala', LATITUDE: 123 } },
      ]),
    );
    expect(first).toMatchObject({ applied: 1, refused: 2 });
    expect(first.errors).toEqual([
      { row: 2, key: 'ZQX02', reason: 'unknown-store' },
      { row: 3, key: 'ZQX03', reason: expect.stringMatching(/^malformed: LATITUDE/) },
    ]);
    expect(await store('ZQX01')).toMatchObject({ name: 'Almacén Zumbaquex', city: 'Soria', active: true });
    expect(result(await send('stores', [NEW_STORE]))).toMatchObject({ applied: 0, unchanged: 1 });
    expect(result(await send('stores', [{ INVENTLOCATIONID: 'ZQX01', CITY: 'Almazán' }])).applied).toBe(1);
    expect(await store('ZQX01')).toMatchObject({ name: 'Almacén Zumbaquex', city: 'Almazán' });

    // Nothing refers to it: deleted.
    expect(result(await send('stores', [{ INVENTLOCATIONID: 'ZQX01', _delete: true }])).applied).toBe(1);
    expect(await store('ZQX01')).toBeUndefined();

    // A store clients and stock refer to: its stock goes, the store stays inactive, no longer offered.
    const [home] = await rows<{ id: string }>(
      sql`select store_id as id from clients where store_id is not null order by accountnum limit 1`,
    );
    // The stores the catalogue offers (its availability lists; the service keeps them 30 s).
    const offered = async () => (await catalogRepository(t.database.db).stores()).map((s) => s.id);
    expect(await offered()).toContain(home!.id);
    const res = result(await send('stores', [{ INVENTLOCATIONID: home!.id, _delete: true }]));
    expect(res).toMatchObject({ applied: 1, refused: 0 });
    expect(await store(home!.id)).toMatchObject({ active: false });
    expect(await rows(sql`select 1 from stock where store_id = ${home!.id}`)).toEqual([]);
    expect(await offered()).not.toContain(home!.id);
    // Sent again: active again.
    expect(result(await send('stores', [{ INVENTLOCATIONID: home!.id }])).applied).toBe(1);
    expect(await store(home!.id)).toMatchObject({ active: true });
  });
});

describe('the catalogue’s normalising rule', () => {
  it('is the same in SQL (catalog_code_norm) as in the contract (normalizeCode)', async () => {
    const samples = ['1k0 615 301 a', 'BOS.045-0123', 'a_b/c\td', '  x.y-z  ', 'ÑandÚ 12', 'ABC'];
    const out: string[] = [];
    for (const v of samples) out.push((await rows<{ n: string }>(sql`select catalog_code_norm(${v}) as n`))[0]!.n);
    expect(out).toEqual(samples.map(normalizeCode));
  });
});
