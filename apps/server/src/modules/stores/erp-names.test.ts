import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/**
 * Names that come from the ERP, per language (issue 25; decision 0091): admins write them on the stores' and payment
 * methods' screens, every read shows the reader's language (the request's Accept-Language) or the ERP's name, and
 * the ERP's feeds never overwrite them.
 */
let t: TestApp;
let admin: string;
let clientAdmin: string;
let buyer: string;
let home: string;
let article: number;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  clientAdmin = (await makeUser(t, 'clientadmin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  // The buyer's home store (their client's), with every delivery mode, and an article it holds.
  const [client] = await rows<{ store_id: string }>(sql`select store_id from clients where accountnum = 'C00001'`);
  home = client!.store_id;
  await t.database.db.execute(sql`insert into store_delivery_modes (store_id, mode_id, is_default)
      select ${home}, id, false from delivery_modes on conflict do nothing`);
  const [a] = await rows<{ id: number }>(sql`select id from articles where not withdrawn order by id limit 1`);
  article = a!.id;
});
afterAll(() => t.close());

/**
 * The names by language of every store, delivery mode and payment method as the file found them, put back after each
 * test: each starts from the seed's names (the demo modes' names, none on the stores), whatever ran before it.
 */
const NAMED = ['stores', 'delivery_modes', 'payment_methods'] as const;
const seedNames = new Map<string, Record<string, unknown>>();
beforeAll(async () => {
  for (const table of NAMED) {
    const [all] = await rows<{ names: Record<string, unknown> }>(
      sql`select coalesce(jsonb_object_agg(id::text, name_i18n), '{}'::jsonb) as names from ${sql.raw(table)}`,
    );
    seedNames.set(table, all!.names);
  }
});
afterEach(async () => {
  for (const table of NAMED) {
    const names = JSON.stringify(seedNames.get(table));
    await t.database.db.execute(
      sql`update ${sql.raw(table)} set name_i18n = ${names}::jsonb -> id::text where ${names}::jsonb ? id::text`,
    );
  }
});

const get = (token: string | null, url: string, lang?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });
const post = (token: string | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });

const namesOf = async (table: 'stores' | 'delivery_modes' | 'payment_methods', id: string | number) =>
  (await rows<{ n: Record<string, string> }>(sql`select name_i18n as n from ${sql.raw(table)} where id = ${id}`))[0]!.n;

type Modes = { dlvmodes: { id: string; label: string }[] };
type Methods = { availablemethods: { id: number; paymentmodelabel: string }[] };

describe('delivery modes: the admins write the names, checkout reads them by language', () => {
  const LIST = '/api/instock/getdlvmodenames';
  const PUT = '/api/instock/putdlvmodenames';

  it('is for admins: 401 anonymous, 403 a client admin, for the list and the change', async () => {
    expect((await get(null, LIST)).statusCode).toBe(401);
    expect((await get(clientAdmin, LIST)).statusCode).toBe(403);
    expect((await post(null, PUT, { DLVMODE: 'RUTA', NAMES: {} })).statusCode).toBe(401);
    expect((await post(clientAdmin, PUT, { DLVMODE: 'RUTA', NAMES: { en: 'X' } })).statusCode).toBe(403);
    expect((await namesOf('delivery_modes', 'RUTA')).en).not.toBe('X');
  });

  it('lists every mode with the ERP name and the demo names; saves trimmed names, an empty one dropped', async () => {
    const list = await get(admin, LIST);
    expect(list.statusCode).toBe(200);
    const ruta = list
      .json<{ DLVMODE: string; NAME: string; NAMES: Record<string, string> }[]>()
      .find((m) => m.DLVMODE === 'RUTA');
    expect(ruta).toEqual({
      DLVMODE: 'RUTA',
      NAME: 'Reparto en ruta propia',
      NAMES: { pt: 'Entrega na nossa rota', en: 'Our own delivery route', fr: 'Livraison par notre tournée' },
    });
    const res = await post(admin, PUT, {
      DLVMODE: 'RUTA',
      NAMES: { en: '  Own van route ', fr: '', pt: 'Rota própria', de: 'Eigene Tour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_SaveOK', DLVMODE: 'RUTA' });
    expect(await namesOf('delivery_modes', 'RUTA')).toEqual({ en: 'Own van route', pt: 'Rota própria' });
  });

  it('refuses a name longer than the ERP name may be (400 with the field), and writes nothing', async () => {
    const before = await namesOf('delivery_modes', 'MENSAJ24');
    const res = await post(admin, PUT, { DLVMODE: 'MENSAJ24', NAMES: { en: 'x'.repeat(61), pt: 'Correio' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'NAMES.en', message: 'MSG_ErpNameTooLong' });
    expect(await namesOf('delivery_modes', 'MENSAJ24')).toEqual(before);
    expect((await post(admin, PUT, { DLVMODE: 'NOPE', NAMES: { en: 'Nope' } })).statusCode).toBe(404);
  });

  it('checkout offers each mode in the reader’s language, else the ERP name', async () => {
    await post(admin, PUT, { DLVMODE: 'RUTA', NAMES: { en: 'Own van route', pt: 'Rota própria' } });
    const label = async (lang?: string) =>
      (await get(buyer, `/api/incheckout/getdlvmodeslist?inventlocation=${home}`, lang))
        .json<Modes>()
        .dlvmodes.find((m) => m.id === 'RUTA')?.label;
    expect(await label('en')).toBe('Own van route');
    expect(await label('pt-PT,pt;q=0.9')).toBe('Rota própria');
    expect(await label('de-DE,fr;q=0.5')).toBe('Reparto en ruta propia'); // no French name: the ERP's
    expect(await label('es')).toBe('Reparto en ruta propia');
    expect(await label()).toBe('Reparto en ruta propia');
    // The document grids' filter of modes follows the same rule.
    const filter = await get(buyer, '/api/insettings/GetAllDlvModesjqFilter', 'en');
    expect(filter.json<{ id: string; name: string }[]>().find((m) => m.id === 'RUTA')?.name).toBe('Own van route');
  });
});

describe('payment methods: names by language on the method, read at checkout', () => {
  let method: { Id_Tarjeta: number } & Record<string, unknown>;
  beforeAll(async () => {
    const [row] = await rows<{ id: number }>(
      sql`select p.id from payment_methods p join client_payment_methods cp on cp.payment_method_id = p.id
           where cp.client_accountnum = 'C00001' and p.active and p.canal_pago_cod = 0 order by p.id limit 1`,
    );
    method = (await get(admin, `/api/inpaymentmethod/getpaymentmethod/${row!.id}`)).json();
  });
  const save = (token: string | null, extra: object) =>
    post(token, '/api/inpaymentmethod/putpaymentmethod', {
      Id_Tarjeta: method.Id_Tarjeta,
      Nombre: method.Nombre,
      Descripcion: method.Descripcion,
      Forma_Pago_Cod: method.Forma_Pago_Cod,
      Canal_Pago_Cod: method.Canal_Pago_Cod,
      NOSYNC_PaymentmethodCalcType: method.NOSYNC_PaymentmethodCalcType,
      Porcentaje: method.Porcentaje,
      SW_Activo: method.SW_Activo,
      ...extra,
    });

  it('saves the names with the method; a save without them keeps them; 401 and 403 write nothing', async () => {
    expect((await save(null, { NAMES: { en: 'Nobody' } })).statusCode).toBe(401);
    expect((await save(clientAdmin, { NAMES: { en: 'Nobody' } })).statusCode).toBe(403);
    const res = await save(admin, { NAMES: { en: 'Monthly direct debit', fr: ' ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await namesOf('payment_methods', method.Id_Tarjeta)).toEqual({ en: 'Monthly direct debit' });
    expect((await save(admin, {})).statusCode).toBe(200);
    const read = await get(admin, `/api/inpaymentmethod/getpaymentmethod/${method.Id_Tarjeta}`);
    expect(read.json().NAMES).toEqual({ en: 'Monthly direct debit' });
  });

  it('refuses a name over 60 characters with its field, and writes nothing (not even the other fields)', async () => {
    const before = await namesOf('payment_methods', method.Id_Tarjeta);
    const res = await save(admin, { Nombre: 'Otro nombre', NAMES: { pt: 'y'.repeat(61) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'NAMES.pt', message: 'MSG_ErpNameTooLong' });
    const [row] = await rows<{ name: string }>(sql`select name from payment_methods where id = ${method.Id_Tarjeta}`);
    expect(row!.name).toBe(method.Nombre);
    expect(await namesOf('payment_methods', method.Id_Tarjeta)).toEqual(before);
  });

  it('checkout names the method in the reader’s language, else the ERP name', async () => {
    expect((await save(admin, { NAMES: { en: 'Monthly direct debit' } })).statusCode).toBe(200);
    const label = async (lang?: string) =>
      (await get(buyer, '/api/incheckout/getPaymentMethods', lang))
        .json<Methods>()
        .availablemethods.find((m) => m.id === method.Id_Tarjeta)?.paymentmodelabel;
    expect(await label('en-GB')).toBe('Monthly direct debit');
    expect(await label('fr')).toBe(method.Nombre);
    expect(await label()).toBe(method.Nombre);
  });
});

describe('stores: names by language on the store, read by the cart, the catalogue and the filters', () => {
  const store = (id: string) => get(admin, `/api/instock/getstock/${id}`);
  const put = (token: string | null, body: object) => post(token, '/api/instock/putstock', body);

  it('saves the names with the store; a save without them keeps them; 401, 403 and bad input write nothing', async () => {
    const current = (await store(home)).json();
    expect(current.NAMES).toEqual({});
    const body = {
      INVENTLOCATIONID: home,
      JUMNOTICEMAIL: current.JUMNOTICEMAIL,
      JUMRETURNMAIL: current.JUMRETURNMAIL,
      NOSYNC_StockCalcType: current.NOSYNC_StockCalcType,
    };
    expect((await put(null, { ...body, NAMES: { en: 'Nobody' } })).statusCode).toBe(401);
    expect((await put(clientAdmin, { ...body, NAMES: { en: 'Nobody' } })).statusCode).toBe(403);
    const long = await put(admin, { ...body, JUMNOTICEMAIL: 'changed@x.example', NAMES: { fr: 'z'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toContainEqual({ path: 'NAMES.fr', message: 'MSG_ErpNameTooLong' });
    expect((await store(home)).json()).toEqual(current);

    expect((await put(admin, { ...body, NAMES: { en: 'Home warehouse', pt: 'Armazém da casa' } })).statusCode).toBe(
      200,
    );
    expect((await put(admin, body)).statusCode).toBe(200);
    expect((await store(home)).json().NAMES).toEqual({ en: 'Home warehouse', pt: 'Armazém da casa' });
  });

  it('the cart, the availability dialog and the filters read the store in the reader’s language', async () => {
    // Its own names (the save is the test above's subject). The cart's and the catalogue's services keep the stores
    // 30 s: they are written before this file's first read of them.
    await t.database.db.execute(
      sql`update stores set name_i18n = ${JSON.stringify({ en: 'Home warehouse', pt: 'Armazém da casa' })}::jsonb
          where id = ${home}`,
    );
    const [erp] = await rows<{ name: string }>(sql`select name from stores where id = ${home}`);
    const read = (url: string, lang?: string) => get(buyer, url, lang);
    const ubication = async (lang?: string) => (await read('/api/incheckout/getubicacioncod', lang)).json().nombre;
    expect(await ubication('en')).toBe('Home warehouse');
    expect(await ubication('pt')).toBe('Armazém da casa');
    expect(await ubication('fr')).toBe(erp!.name);
    const availability = async (lang: string) =>
      (await read(`/api/product/checkAvailability/${article}`, lang))
        .json<{ availabilityinvent: { id_almacen: string; nombre: string }[] }>()
        .availabilityinvent.find((s) => s.id_almacen === home)?.nombre;
    expect(await availability('en')).toBe('Home warehouse');
    expect(await availability('es')).toBe(erp!.name);
    const filter = await read('/api/insettings/GetAllStoresjqFilter', 'pt');
    expect(filter.json<{ id: string; name: string }[]>().find((s) => s.id === home)?.name).toBe('Armazém da casa');
  });
});

describe('the ERP never overwrites the names', () => {
  const machineToken = () => newMachineToken(t, 'ERP stores', ['erp.feeds']);

  it('a stores feed renaming the store keeps its names; the ERP name is the fallback that moved', async () => {
    const token = await machineToken();
    await t.database.db.execute(
      sql`update stores set name_i18n = ${JSON.stringify({ en: 'Home warehouse' })}::jsonb where id = ${home}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/feeds/stores',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify([{ INVENTLOCATIONID: home, NAME: 'Almacén renombrado por el ERP', PHONE: '900000000' }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1 });
    const [row] = await rows<{ name: string; n: Record<string, string> }>(
      sql`select name, name_i18n as n from stores where id = ${home}`,
    );
    expect(row).toEqual({ name: 'Almacén renombrado por el ERP', n: { en: 'Home warehouse' } });
    const filter = async (lang: string) =>
      (await get(buyer, '/api/insettings/GetAllStoresjqFilter', lang))
        .json<{ id: string; name: string }[]>()
        .find((s) => s.id === home)?.name;
    expect(await filter('en')).toBe('Home warehouse');
    expect(await filter('fr')).toBe('Almacén renombrado por el ERP');
  });
});
