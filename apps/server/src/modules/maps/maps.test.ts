import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { CITIES } from '../../db/seed/places.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp({ MAP_SATELLITE_URL: 'https://sat.tiles.example/{z}/{x}/{y}.jpg' });
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown };
const call = (token: string | null, c: Call) =>
  t.app.inject({
    method: c.method,
    url: c.url,
    headers: token ? bearer(token) : {},
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });

const countPoints = async () =>
  Number((await testRows<{ n: string }>(t.database.db, sql`select count(*) as n from map_points`))[0]!.n);
const countTexts = async () =>
  Number((await testRows<{ n: string }>(t.database.db, sql`select count(*) as n from map_point_texts`))[0]!.n);

const validPoint = (overrides: Record<string, unknown> = {}) => ({
  latitude: '40,4168',
  longitude: '-3,7038',
  sw_activo: true,
  tipo: 'point',
  marker: 'green',
  mapointposted: [
    { idioma_cod: 'es', nombre: 'Punto de prueba', descripcion: 'Descripción' },
    { idioma_cod: 'en', nombre: 'Test point', descripcion: 'Description' },
  ],
  ...overrides,
});

describe('authorization', () => {
  const calls: Call[] = [
    { method: 'GET', url: '/api/inmap/getmaps/' },
    { method: 'GET', url: '/api/inmap/getmap/1' },
    { method: 'GET', url: '/api/inmap/getnewmap?cod_idioma=es' },
    { method: 'GET', url: '/api/inmap/config' },
    { method: 'POST', url: '/api/inmap/putmap/0', payload: validPoint() },
    { method: 'DELETE', url: '/api/inmap/deletemap/1' },
  ];
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const c of calls) expect((await call(null, c)).statusCode, c.url).toBe(401);
  });

  it('lets a customer read but not write (403), and nothing is written', async () => {
    const before = await countPoints();
    expect((await call(buyer, calls[4]!)).statusCode).toBe(403);
    expect((await call(buyer, calls[5]!)).statusCode).toBe(403);
    expect(await countPoints()).toBe(before);
    for (const c of calls.slice(0, 4)) expect((await call(buyer, c)).statusCode, c.url).toBe(200);
  });

  it('keeps the inactive points for admins: todos=true is 403 for a customer', async () => {
    expect((await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/?todos=true' })).statusCode).toBe(403);
    expect((await call(admin, { method: 'GET', url: '/api/inmap/getmaps/?todos=true' })).statusCode).toBe(200);
  });
});

describe('GET getmaps/ on the demo seed', () => {
  it('has a point for every store at the store’s place, with address, phone and opening hours', async () => {
    const res = await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/?cod_idioma=en' });
    expect(res.statusCode).toBe(200);
    const points = res.json() as {
      tipo: string;
      almacen: string | null;
      latitude: number;
      longitude: number;
      idioma_cod: string;
      descripcion: string;
      store: { city: string; phone: string; opening_hours: string; street: string } | null;
    }[];
    const stores = await testRows<{ id: string; latitude: string; longitude: string; city: string }>(
      t.database.db,
      sql`select id, latitude, longitude, city from stores order by id`,
    );
    const storePoints = points.filter((p) => p.tipo === 'store');
    expect(storePoints.map((p) => p.almacen).sort()).toEqual(stores.map((s) => s.id));
    for (const store of stores) {
      const point = storePoints.find((p) => p.almacen === store.id)!;
      expect(point.latitude).toBe(Number(store.latitude));
      expect(point.longitude).toBe(Number(store.longitude));
      const city = CITIES.find((c) => c.city === store.city)!;
      // The store stands in its real city: within 0.05° of the city's coordinates.
      expect(Math.abs(point.latitude - city.lat)).toBeLessThan(0.05);
      expect(Math.abs(point.longitude - city.lng)).toBeLessThan(0.05);
      expect(point.idioma_cod).toBe('en');
      expect(point.descripcion).toContain(`in ${store.city}`);
      expect(point.store).toMatchObject({ city: store.city });
      expect(point.store!.phone).toMatch(/^\+34 9/);
      expect(point.store!.opening_hours).toMatch(/^L-V /);
      expect(point.store!.street.length).toBeGreaterThan(0);
    }
    const others = points.filter((p) => p.tipo === 'point');
    expect(others.length).toBeGreaterThanOrEqual(2);
    expect(others.every((p) => p.store === null && p.almacen === null)).toBe(true);
  });

  it('falls back to Spanish when a point lacks the asked language', async () => {
    const res = await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/?cod_idioma=fr' });
    const names = (res.json() as { nombre: string; idioma_cod: string }[]).map((p) => [p.nombre, p.idioma_cod]);
    expect(names).toContainEqual(['Centro de formación técnica', 'es']);
    expect(names).toContainEqual(['Siège social', 'fr']);
  });

  it('refuses an unknown language with 400', async () => {
    expect((await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/?cod_idioma=de' })).statusCode).toBe(400);
  });
});

describe('GET config', () => {
  it('answers the centre, zoom 15, the street map with its attribution and only the configured extras', async () => {
    const res = await call(buyer, { method: 'GET', url: '/api/inmap/config' });
    const body = res.json();
    expect(body.zoom).toBe(15);
    expect(body.center).toEqual({ lat: 40.416775, lng: -3.70379 });
    expect(body.layers.map((l: { kind: string }) => l.kind)).toEqual(['street', 'satellite']);
    expect(body.layers[0]).toMatchObject({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
    expect(body.styles).toEqual(['grey', 'night', 'sepia']);
    // Only admins, who edit points, get the stores a point may name.
    expect(body.stores).toEqual([]);
    const asAdmin = (await call(admin, { method: 'GET', url: '/api/inmap/config' })).json();
    expect(asAdmin.stores.map((s: { id: string }) => s.id)).toContain('MAD01');
  });

  it('lets the CSP load tiles from the configured servers only', async () => {
    const res = await call(buyer, { method: 'GET', url: '/api/inmap/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org https:\/\/sat\.tiles\.example/);
  });

  it('refuses a tile URL that is neither http(s) nor a path, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_URL/);
    const hybrid = loadConfig({ NODE_ENV: 'test', MAP_HYBRID_URL: 'https://{s}.hyb.example/{z}/{x}/{y}.png' });
    expect(hybrid.maps.layers.map((l) => l.kind)).toEqual(['street', 'hybrid']);
    expect(hybrid.maps.imgOrigins).toContain('https://*.hyb.example');
    const local = loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' });
    expect(local.maps.layers[0]).toMatchObject({ url: '/tiles/{z}/{x}/{y}.png', attribution: '' });
    expect(local.maps.imgOrigins).toEqual([]);
  });
});

describe('GET getnewmap', () => {
  it('answers an unsaved point with one empty tab in the asked language', async () => {
    const res = await call(admin, { method: 'GET', url: '/api/inmap/getnewmap?cod_idioma=pt' });
    expect(res.json()).toEqual({
      id_mapoint: 0,
      latitude: null,
      longitude: null,
      sw_activo: true,
      tipo: 'point',
      marker: 'blue',
      almacen: null,
      mapointposted: [{ idioma_cod: 'pt', nombre: '', descripcion: '' }],
    });
  });
});

describe('POST putmap/{id}, GET getmap/{id}, DELETE deletemap/{id}', () => {
  it('creates with id 0, reading commas as dots, then reads, updates and deletes the point', async () => {
    const created = await call(admin, { method: 'POST', url: '/api/inmap/putmap/0', payload: validPoint() });
    expect(created.statusCode).toBe(200);
    const { id_mapoint: id, message } = created.json();
    expect(message).toBe('MSG_ElementSaved');
    expect(id).toBeGreaterThan(0);

    const read = await call(buyer, { method: 'GET', url: `/api/inmap/getmap/${id}` });
    expect(read.json()).toEqual({
      id_mapoint: id,
      latitude: 40.4168,
      longitude: -3.7038,
      sw_activo: true,
      tipo: 'point',
      marker: 'green',
      almacen: null,
      mapointposted: [
        { idioma_cod: 'es', nombre: 'Punto de prueba', descripcion: 'Descripción' },
        { idioma_cod: 'en', nombre: 'Test point', descripcion: 'Description' },
      ],
    });

    const updated = await call(admin, {
      method: 'POST',
      url: `/api/inmap/putmap/${id}`,
      payload: validPoint({
        latitude: 41.5,
        longitude: ' 2,25 ',
        sw_activo: false,
        mapointposted: [{ idioma_cod: 'fr', nombre: 'Point modifié' }],
      }),
    });
    expect(updated.json()).toEqual({ message: 'MSG_ElementSaved', id_mapoint: id });
    const after = (await call(admin, { method: 'GET', url: `/api/inmap/getmap/${id}` })).json();
    expect(after).toMatchObject({ latitude: 41.5, longitude: 2.25, sw_activo: false });
    expect(after.mapointposted).toEqual([{ idioma_cod: 'fr', nombre: 'Point modifié', descripcion: '' }]);

    // Inactive: gone from the customers' map and detail, still in the admins' list.
    expect((await call(buyer, { method: 'GET', url: `/api/inmap/getmap/${id}` })).statusCode).toBe(404);
    const visible = (await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/' })).json() as {
      id_mapoint: number;
    }[];
    expect(visible.some((p) => p.id_mapoint === id)).toBe(false);
    const all = (await call(admin, { method: 'GET', url: '/api/inmap/getmaps/?todos=1' })).json() as {
      id_mapoint: number;
      sw_activo: boolean;
    }[];
    expect(all.find((p) => p.id_mapoint === id)?.sw_activo).toBe(false);

    const deleted = await call(admin, { method: 'DELETE', url: `/api/inmap/deletemap/${id}` });
    expect(deleted.json()).toEqual({ message: 'WARN_DeleteOK', id_mapoint: id });
    expect((await call(admin, { method: 'GET', url: `/api/inmap/getmap/${id}` })).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: `/api/inmap/deletemap/${id}` })).statusCode).toBe(404);
    const texts = await testRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from map_point_texts where point_id = ${id}`,
    );
    expect(Number(texts[0]!.n)).toBe(0);
  });

  it('accepts "new" as the id of a point not saved yet', async () => {
    const res = await call(admin, { method: 'POST', url: '/api/inmap/putmap/new', payload: validPoint() });
    expect(res.statusCode).toBe(200);
    await call(admin, { method: 'DELETE', url: `/api/inmap/deletemap/${res.json().id_mapoint}` });
  });

  it('saves a store’s point with its store, shown with the store’s data', async () => {
    const res = await call(admin, {
      method: 'POST',
      url: '/api/inmap/putmap/0',
      payload: validPoint({ tipo: 'store', almacen: 'BCN01' }),
    });
    const id = res.json().id_mapoint;
    const points = (await call(buyer, { method: 'GET', url: '/api/inmap/getmaps/' })).json() as {
      id_mapoint: number;
      store: { city: string } | null;
    }[];
    expect(points.find((p) => p.id_mapoint === id)?.store?.city).toBe('Barcelona');
    await call(admin, { method: 'DELETE', url: `/api/inmap/deletemap/${id}` });
  });

  it('answers 404 when updating a point that does not exist, writing nothing', async () => {
    const before = await countTexts();
    const res = await call(admin, { method: 'POST', url: '/api/inmap/putmap/999999', payload: validPoint() });
    expect(res.statusCode).toBe(404);
    expect(await countTexts()).toBe(before);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['no latitude', { latitude: undefined }, 'MSG_DataMissing', 'latitude'],
    ['an empty longitude', { longitude: '  ' }, 'MSG_DataMissing', 'longitude'],
    ['a null latitude', { latitude: null }, 'MSG_DataMissing', 'latitude'],
    ['a latitude over 90', { latitude: '90,5' }, 'MSG_MapLatitudeRange', 'latitude'],
    ['a longitude under -180', { longitude: -180.01 }, 'MSG_MapLongitudeRange', 'longitude'],
    ['a coordinate that is no number', { latitude: '40,41,2' }, 'MSG_MapCoordinateInvalid', 'latitude'],
    ['no language', { mapointposted: [] }, 'MSG_OneLanguageRequired', 'mapointposted'],
    [
      'a language twice',
      {
        mapointposted: [
          { idioma_cod: 'es', nombre: 'A' },
          { idioma_cod: 'es', nombre: 'B' },
        ],
      },
      'MSG_LanguageAlreadyAdded',
      'mapointposted.1.idioma_cod',
    ],
    [
      'an empty name',
      { mapointposted: [{ idioma_cod: 'es', nombre: '  ' }] },
      'MSG_MapNameRequired',
      'mapointposted.0.nombre',
    ],
    [
      'an unknown language',
      { mapointposted: [{ idioma_cod: 'de', nombre: 'X' }] },
      'WARN_ValidationError',
      'mapointposted.0.idioma_cod',
    ],
    ['a store point without its store', { tipo: 'store', almacen: null }, 'MSG_MapStoreRequired', 'almacen'],
    ['a store that does not exist', { tipo: 'store', almacen: 'XXX99' }, 'MSG_MapStoreUnknown', 'almacen'],
    ['an unknown marker', { marker: 'purple' }, 'WARN_ValidationError', 'marker'],
  ];
  for (const [name, overrides, key, path] of refusals) {
    it(`refuses ${name} with 400 ${key}, writing nothing`, async () => {
      const before = [await countPoints(), await countTexts()];
      const res = await call(admin, { method: 'POST', url: '/api/inmap/putmap/0', payload: validPoint(overrides) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(key);
      expect(body.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect([await countPoints(), await countTexts()]).toEqual(before);
    });
  }

  it('refuses a bad id in the path with 400', async () => {
    expect((await call(admin, { method: 'GET', url: '/api/inmap/getmap/abc' })).statusCode).toBe(400);
    expect((await call(admin, { method: 'DELETE', url: '/api/inmap/deletemap/-1' })).statusCode).toBe(400);
    expect((await call(admin, { method: 'GET', url: '/api/inmap/getmap/0' })).statusCode).toBe(404);
  });

  it('is listed in the OpenAPI document with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/inmap/getmaps/',
      '/api/inmap/getmap/{id}',
      '/api/inmap/getnewmap',
      '/api/inmap/putmap/{id}',
      '/api/inmap/deletemap/{id}',
      '/api/inmap/config',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/api/inmap/putmap/{id}'].post.requestBody).toBeDefined();
  });
});
