import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let buyer: string;
let buyer2: string;
let buyer2Id: string;
let admin: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tech-files-'));

beforeAll(async () => {
  t = await createTestApp({ TECHNICAL_FILES_DIR: filesDir });
  buyer = (await makeUser(t, 'plateBuyer')).token;
  ({ token: buyer2, id: buyer2Id } = await makeUser(t, 'buyer', { client: 'C00002' }));
  admin = (await makeUser(t, 'admin')).token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

describe('GET /api/product/getlist: validation', () => {
  it.each([
    ['pageSize=101', 'WARN_PageSizeTooLarge'],
    ['searchbyreference=ab-1.2', 'WARN_REFCodeShort'],
    ['familia=99', 'WARN_ValidationError'],
    ['order=sideways', 'WARN_ValidationError'],
    ['marca=-1', 'WARN_ValidationError'],
  ])('%s is refused with %s', async (query, key) => {
    const res = await get(`/api/product/getlist?${query}`, buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(key);
  });

  it('pages of 8 by default, ordered by reference, counting up to 1000 then saying there are more', async () => {
    const res = await get('/api/product/getlist?familia=01', buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records).toHaveLength(8);
    const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from articles where family_code = '01'`);
    expect(total!.n).toBeGreaterThan(1000);
    expect(body.count).toBe(1000);
    expect(body.more).toBe(true);
    const narrow = (await get('/api/product/getlist?familia=01&marca=1&modelo=2', buyer)).json();
    const [fitting] = await rows<{ n: number }>(
      sql`select count(distinct f.article_id)::int as n from fitments f join articles a on a.id = f.article_id where f.model_id = 2 and a.family_code = '01'`,
    );
    expect(narrow.count).toBe(fitting!.n);
    expect(narrow.more).toBeUndefined();
    const refs = body.records.map((r: { ref_jumasa: string }) => r.ref_jumasa);
    expect(refs).toEqual([...refs].sort());
    const desc = (await get('/api/product/getlist?familia=01&order=desc', buyer)).json();
    expect(desc.records[0].ref_jumasa > refs[7]).toBe(true);
  });
});

describe('prices', () => {
  it('are never given to anonymous callers', async () => {
    const list = (await get('/api/product/getlist?familia=27')).json();
    expect(list.records.length).toBeGreaterThan(0);
    for (const r of list.records) {
      expect(r.pv1d).toBeNull();
      expect(r.preciocliente).toBeNull();
      expect(r.stock).toBeNull();
    }
    expect((await get(`/api/product/getprice/${list.records[0].id_articulo}`)).statusCode).toBe(401);
  });

  it('each client sees its own net price, computed from its conditions', async () => {
    // An article with a net price agreed for C00001 only.
    const [agreed] = await rows<{ article_id: number; net: string }>(
      sql`select article_id, net_price::text as net from client_article_prices where client_accountnum = 'C00001'
          and article_id not in (select article_id from client_article_prices where client_accountnum = 'C00002') limit 1`,
    );
    const mine = (await get(`/api/product/getprice/${agreed!.article_id}`, buyer)).json();
    const theirs = (await get(`/api/product/getprice/${agreed!.article_id}`, buyer2)).json();
    expect(mine.preciocliente).toBe(Number(agreed!.net));
    const [expected] = await rows<{ net: string }>(
      sql`select round(ap.pv1d * (100 - d.discount_pct) / 100, 2)::text as net from articles a
          join article_prices ap on ap.article_id = a.id
          join client_family_discounts d on d.family_code = a.family_code and d.client_accountnum = 'C00002'
          where a.id = ${agreed!.article_id}`,
    );
    expect(theirs.preciocliente).toBe(Number(expected!.net));
    expect(theirs.preciocliente).not.toBe(mine.preciocliente);
    expect(mine.pv1d).toBe(theirs.pv1d);
    // The list gives the same figures as getprice.
    const [a] = await rows<{ ref: string }>(
      sql`select ref_jumasa as ref from articles where id = ${agreed!.article_id}`,
    );
    const listed = (await get(`/api/product/getlist?searchbyreference=${encodeURIComponent(a!.ref)}`, buyer)).json();
    expect(
      listed.records.find((r: { id_articulo: number }) => r.id_articulo === agreed!.article_id).preciocliente,
    ).toBe(mine.preciocliente);
  });

  it('an unknown article answers 404', async () => {
    expect((await get('/api/product/getprice/99999999', buyer)).statusCode).toBe(404);
  });
});

describe('searches', () => {
  it('reference search ignores case, spaces, dashes and dots', async () => {
    const [a] = await rows<{ id: number; ref: string }>(
      sql`select id, ref_jumasa as ref from articles where id = 4242`,
    );
    const messy = ` ${a!.ref.toLowerCase().replaceAll('.', ' ').replaceAll('-', '.')} `;
    const res = (await get(`/api/product/getlist?searchbyreference=${encodeURIComponent(messy)}`, buyer)).json();
    expect(res.records.map((r: { id_articulo: number }) => r.id_articulo)).toContain(4242);
  });

  it('OEM codes match in any spacing; an unknown code says WARN_SearchByOEM_NotFound with no records', async () => {
    const [o] = await rows<{ article_id: number; oem: string }>(
      sql`select article_id, oem from article_oem limit 1 offset 100`,
    );
    const found = (
      await get(`/api/product/getlist?manufacturerrefOEM=${o!.oem.replaceAll(' ', '').toLowerCase()}`, buyer)
    ).json();
    expect(found.records.map((r: { id_articulo: number }) => r.id_articulo)).toContain(o!.article_id);
    expect(found.message).toBeUndefined();
    // As the portal prints it (with spaces), or with dashes and dots: the same article, not a 400.
    expect(o!.oem).toContain(' ');
    for (const typed of [o!.oem, ` ${o!.oem.replaceAll(' ', '-')} `, o!.oem.replaceAll(' ', '.').toLowerCase()]) {
      const res = await get(`/api/product/getlist?manufacturerrefOEM=${encodeURIComponent(typed)}`, buyer);
      expect(res.statusCode).toBe(200);
      expect(res.json().records.map((r: { id_articulo: number }) => r.id_articulo)).toContain(o!.article_id);
    }
    const none = (await get('/api/product/getlist?manufacturerrefOEM=ZZZ000000Z', buyer)).json();
    expect(none).toEqual({ records: [], count: 0, message: 'WARN_SearchByOEM_NotFound' });
  });

  it('EUROCODE searches glass (family 28) by prefix, whatever family is asked', async () => {
    const [g] = await rows<{ eurocode: string }>(sql`select eurocode from articles where eurocode is not null limit 1`);
    const prefix = g!.eurocode.slice(0, 4);
    // Typed with spaces, dashes or dots, it is the same prefix (not a 400).
    const spaced = (
      await get(
        `/api/product/getlist?manufacturerrefEUROCODE=${encodeURIComponent(`${prefix.slice(0, 2)} ${prefix.slice(2)}.`)}&pageSize=100`,
        buyer,
      )
    ).json();
    expect(spaced.count).toBeGreaterThan(0);
    for (const r of spaced.records) expect(r.eurocode.startsWith(prefix)).toBe(true);
    const res = (
      await get(`/api/product/getlist?manufacturerrefEUROCODE=${prefix}&familia=01&pageSize=100`, buyer)
    ).json();
    expect(res.count).toBeGreaterThan(0);
    for (const r of res.records) {
      expect(r.familia_id).toBe('28');
      expect(r.eurocode.startsWith(prefix)).toBe(true);
    }
  });

  it('brand, model and engine filter through the fitments; words of free text must all match', async () => {
    const [f] = await rows<{ make_id: number; model_id: number; engine_id: number }>(
      sql`select make_id, model_id, engine_id from fitments where engine_id is not null limit 1 offset 10`,
    );
    const byEngine = (
      await get(
        `/api/product/getlist?marca=${f!.make_id}&modelo=${f!.model_id}&motor=${f!.engine_id}&pageSize=100`,
        buyer,
      )
    ).json();
    const [fitting] = await rows<{ n: number }>(
      sql`select count(distinct article_id)::int as n from fitments
          where engine_id = ${f!.engine_id} or (engine_id is null and model_id = ${f!.model_id})`,
    );
    expect(byEngine.count).toBe(fitting!.n);
    const words = (await get('/api/product/getlist?filter=Filtro%20aceite&pageSize=100', buyer)).json();
    expect(words.count).toBeGreaterThan(0);
    for (const r of words.records) expect(r.descripcion.toLowerCase()).toMatch(/filtro de aceite/);
    const offers = (await get('/api/product/getlist?offer=true&novelty=true&pageSize=100', buyer)).json();
    for (const r of offers.records) expect(r.offer && r.novelty).toBe(true);
  });

  it('getlist2 answers one record per article and fitting model, with the vehicle names', async () => {
    const [m] = await rows<{ model_id: number; make: string; model: string }>(
      sql`select vm.id as model_id, mk.name as make, vm.name as model from vehicle_models vm join vehicle_makes mk on mk.id = vm.make_id where vm.id = 2`,
    );
    const res = (await get(`/api/product/getlist2?modelo=${m!.model_id}&pageSize=100`, buyer)).json();
    expect(res.count).toBeGreaterThan(0);
    for (const r of res.records) {
      expect(r).toMatchObject({ modelo_id: m!.model_id, nombremarca: m!.make, nombremodelo: m!.model });
    }
    const content = (await get(`/api/product/getlist2content?modelo=${m!.model_id}&pageSize=5`, buyer)).json();
    expect(content.count).toBe(content.records.length);
  });
});

describe('product detail, availability, vehicles', () => {
  it('getproduct answers images, fitments and related articles of the same and other families', async () => {
    const res = await get('/api/product/getproduct/4242', buyer);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.product.id_articulo).toBe(4242);
    expect(d.images.length).toBeGreaterThan(0);
    expect(d.fitments.length).toBeGreaterThan(0);
    for (const r of d.related_same_family) expect(r.familia_id).toBe(d.product.familia_id);
    for (const r of d.related_other_families) expect(r.familia_id).not.toBe(d.product.familia_id);
    expect(d.related_same_family.length + d.related_other_families.length).toBeGreaterThan(0);
    expect(d.product.nombremodelo).toBeNull();
    const fromVehicle = (await get(`/api/product/getproduct/4242?modelid=${d.fitments[0].modelo_id}`, buyer)).json();
    expect(fromVehicle.product).toMatchObject({
      modelo_id: d.fitments[0].modelo_id,
      nombremarca: d.fitments[0].marca,
      nombremodelo: d.fitments[0].modelo,
    });
    expect((await get('/api/product/getproduct/99999999', buyer)).statusCode).toBe(404);
    expect((await get('/api/product/getproduct/abc', buyer)).statusCode).toBe(400);
    expect((await get('/api/product/image/4242/0')).statusCode).toBe(400);
    expect((await get(`/api/product/image/4242/${d.images.length + 1}`)).statusCode).toBe(404);
    const img = await get(d.images[0]);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
  });

  it('checkAvailability gives every store a status and a figure', async () => {
    const [a] = await rows<{ id: number }>(sql`select id from articles where stock_tracked limit 1 offset 7`);
    const res = (await get(`/api/product/checkAvailability/${a!.id}`, buyer)).json();
    const stock = await rows<{ store_id: string; quantity: number }>(
      sql`select store_id, quantity from stock where article_id = ${a!.id}`,
    );
    expect(res.availabilityinvent).toHaveLength(8);
    for (const s of res.availabilityinvent) {
      const q = stock.find((x) => x.store_id === s.id_almacen)?.quantity ?? 0;
      expect(s.wsstock).toBe(q);
      expect(s.status).toBe(q > 0 ? 2 : stock.length > 0 ? 1 : 0);
    }
    expect(res.wsstock).toBe(stock.reduce((n, s) => n + s.quantity, 0));
    const [untracked] = await rows<{ id: number }>(sql`select id from articles where not stock_tracked limit 1`);
    const none = (await get(`/api/product/checkAvailability/${untracked!.id}`, buyer)).json();
    expect(none.availabilityinvent.every((s: { status: number }) => s.status === 3)).toBe(true);
    expect((await get(`/api/product/checkAvailability/${a!.id}`)).statusCode).toBe(401);
  });

  it('brands, models and engines cascade', async () => {
    const brands = (await get('/api/product/getbrands/')).json();
    expect(brands.length).toBeGreaterThanOrEqual(40);
    const seat = brands.find((b: { label: string }) => b.label === 'SEAT');
    const models = (await get(`/api/product/getmodels?brand=${seat.id}`)).json();
    expect(models.some((m: { label: string }) => m.label.startsWith('León'))).toBe(true);
    const engines = (await get(`/api/product/getmotorizations?brand=${seat.id}&model=${models[0].id}`)).json();
    expect(engines.length).toBeGreaterThan(0);
    expect((await get(`/api/product/getmotorizations?brand=${seat.id + 1}&model=${models[0].id}`)).json()).toEqual([]);
    expect((await get(`/api/product/getbrandsbyid?id=${seat.id}`)).json()).toEqual([{ id: seat.id, label: 'SEAT' }]);
    expect((await get('/api/product/getmodels?brand=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/product/getbyplate', () => {
  it('needs the searchplate role: 401 anonymous, 403 for buyer2', async () => {
    expect((await post('/api/product/getbyplate', { country: 'ES', plateText: '1234BCD' })).statusCode).toBe(401);
    expect((await post('/api/product/getbyplate', { country: 'ES', plateText: '1234BCD' }, buyer2)).statusCode).toBe(
      403,
    );
  });

  it('needs a country', async () => {
    const res = await post('/api/product/getbyplate', { plateText: '1234BCD' }, buyer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('WARN_PlateSearchCountryUndefined');
  });

  it('normalises the plate, answers the vehicle and logs the search; an unknown plate says so', async () => {
    const res = await post('/api/product/getbyplate', { country: 'ES', plateText: ' 1234-bcd ' }, buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jummodel).toMatchObject({ jumdescriptionshort: 'SEAT' });
    expect(body.jummodel.jumdescriptionlarge).toMatch(/^León/);
    const [log] = await rows<{ found: boolean; model_id: number }>(
      sql`select found, model_id from plate_search_logs where id = ${body.log}`,
    );
    expect(log).toEqual({ found: true, model_id: body.jummodel.modelo_id });
    const none = (await post('/api/product/getbyplate', { country: 'FR', plateText: 'ZZ-999-ZZ' }, buyer)).json();
    expect(none.jummodel).toBeNull();
    expect(none.message).toBe('WARN_SearchByPlate_NotFound');
    expect(none.log).toBeGreaterThan(body.log);
  });
});

describe('technical files', () => {
  it('lists and downloads a reference’s PDF and refuses paths outside the root', async () => {
    fs.mkdirSync(path.join(filesDir, 'BOSCH', 'BOS1234567'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'BOSCH', 'BOS1234567', 'Ficha técnica.pdf'), '%PDF-1.4 demo');
    fs.writeFileSync(path.join(os.tmpdir(), 'outside-secret.pdf'), '%PDF secret');
    const list = (await get('/api/infile/checkFicherosTecnicos?marca=BOSCH&ref_jumasa=bos.123-4567', buyer)).json();
    expect(list).toEqual([{ name: 'Ficha técnica.pdf', fullPath: 'BOSCH/BOS1234567/Ficha técnica.pdf', size: 13 }]);
    const file = await get(`/api/infile/GetTechnicalFile?fullPath=${encodeURIComponent(list[0].fullPath)}`, buyer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Ficha%20t%C3%A9cnica.pdf");
    expect(file.body).toBe('%PDF-1.4 demo');
    for (const evil of [
      '../outside-secret.pdf',
      '..\\..\\outside-secret.pdf',
      '/etc/passwd',
      'BOSCH/../../outside-secret.pdf',
    ]) {
      const res = await get(`/api/infile/GetTechnicalFile?fullPath=${encodeURIComponent(evil)}`, buyer);
      expect(res.statusCode, evil).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('secret');
    }
    expect((await get('/api/infile/checkFicherosTecnicos?marca=..&ref_jumasa=..', buyer)).statusCode).toBe(400);
    expect(
      (await get(`/api/infile/GetTechnicalFile?fullPath=${encodeURIComponent(list[0].fullPath)}`)).statusCode,
    ).toBe(401);
  });
});

describe('adding to the cart from the catalogue', () => {
  it('needs the permission to buy; the same article adds up in one line', async () => {
    expect((await post('/api/incheckout/addtocurrentcart', { id_articulo: 10, quantity: 1 })).statusCode).toBe(401);
    expect((await get('/api/incheckout/getcurrentcartlength')).statusCode).toBe(401);
    expect((await post('/api/incheckout/addtocurrentcart', { id_articulo: 10, quantity: 1 }, admin)).statusCode).toBe(
      403,
    );
    const before = (await get('/api/incheckout/getcurrentcartlength', buyer2)).json();
    expect(
      (await post('/api/incheckout/addtocurrentcart', { id_articulo: 10, quantity: 2 }, buyer2)).json(),
    ).toMatchObject({
      count: before + 1,
      line: { id_articulo: 10, qty: 2 },
    });
    expect(
      (await post('/api/incheckout/addtocurrentcart', { id_articulo: 10, quantity: 3 }, buyer2)).json(),
    ).toMatchObject({
      count: before + 1,
      line: { id_articulo: 10, qty: 5 },
    });
    const [line] = await rows<{ quantity: number }>(
      sql`select quantity from cart_lines where article_id = 10 and user_id = ${buyer2Id}`,
    );
    expect(line!.quantity).toBe(5);
    for (const bad of [{ id_articulo: 10, quantity: 0 }, { id_articulo: 10, quantity: 1.5 }, { quantity: 1 }]) {
      expect((await post('/api/incheckout/addtocurrentcart', bad, buyer2)).statusCode).toBe(400);
    }
    expect(
      (await post('/api/incheckout/addtocurrentcart', { id_articulo: 99999999, quantity: 1 }, buyer2)).statusCode,
    ).toBe(404);
    // Another user's cart is untouched.
    expect((await get('/api/incheckout/getcurrentcartlength', buyer)).json()).toBe(0);
  });
});
