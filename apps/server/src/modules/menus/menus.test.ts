import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menusForZone } from '../../db/zone-menus.ts';
import { testRows } from '../../test/rows.ts';
import { type Call, callAs, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

const call = (token: string | null, c: Call) => callAs(t.app, token, c);

type Node = { id: number; nombre: string; sw_activo: boolean; children: Node[] };
type Zone = { id_zona: number; codigo: string; nombre: string; menus: Node[] };
const treeView = async (lang: string) => {
  const res = await call(admin, {
    method: 'GET',
    url: `/api/inmenu/getmenustreeview?idioma_cod=${lang}&cod_idioma=es`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { version: number; zones: Zone[] };
};
const zoneOf = (view: { zones: Zone[] }, code: string) => view.zones.find((z) => z.codigo === code)!;
const snapshot = () =>
  testRows<{ id: number; zone_id: number; parent_id: number | null; position: number; title: string }>(
    t.database.db,
    sql`select id, zone_id, parent_id, position, title from menus order by id`,
  );
const zoneCount = async () =>
  Number((await testRows<{ n: string }>(t.database.db, sql`select count(*) as n from zones`))[0]!.n);
const posted = (zones: Zone[]) =>
  zones.flatMap((z) =>
    z.menus.map(function strip(n: Node): { id: number; zona_id?: number; children: unknown[] } {
      return { id: n.id, zona_id: z.id_zona, children: n.children.map((c) => ({ id: c.id, children: [] })) };
    }),
  );

describe('authorization', () => {
  const adminCalls: Call[] = [
    { method: 'GET', url: '/api/inmenu/getmenustreeview?idioma_cod=es' },
    { method: 'GET', url: '/api/inmenu/getmenu?id=1' },
    { method: 'GET', url: '/api/inmenu/getnewmenu?cod_idioma=eu' },
    { method: 'GET', url: '/api/inmenu/geticons' },
    {
      method: 'POST',
      url: '/api/inmenu/putmenu/0',
      payload: { idioma_cod: 'es', zona_id: 1, nombre: 'X', lnkmode: 1 },
    },
    { method: 'DELETE', url: '/api/inmenu/deletemenu/1' },
    { method: 'POST', url: '/api/inmenu/organizemenus/', payload: { idioma_cod: 'es', version: 0, tree: [] } },
    { method: 'GET', url: '/api/inmenu/getzones' },
    { method: 'GET', url: '/api/inmenu/getzone?id=1' },
    {
      method: 'POST',
      url: '/api/inmenu/putzone/0',
      payload: { codigo: 'x', zonaposted: [{ idioma_cod: 'es', nombre: 'X' }] },
    },
    { method: 'DELETE', url: '/api/inmenu/deletezone/1' },
  ];
  it('answers 401 to an anonymous caller and 403 to a customer on the admin calls; nothing is written', async () => {
    const before = await snapshot();
    for (const c of [...adminCalls, { method: 'GET' as const, url: '/api/inmenu/getzonemenus' }]) {
      expect((await call(null, c)).statusCode, c.url).toBe(401);
    }
    for (const c of adminCalls) expect((await call(buyer, c)).statusCode, c.url).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await call(buyer, { method: 'GET', url: '/api/inmenu/getzonemenus' })).statusCode).toBe(200);
  });
});

describe('the zones’ menus for the layout', () => {
  it('gives the header, footer and dashboard menus of the language with the paths they open', async () => {
    const res = await call(buyer, { method: 'GET', url: '/api/inmenu/getzonemenus?idioma_cod=pt' });
    const body = res.json();
    expect(body.header.map((m: { title: string }) => m.title)).toEqual(['Notícias', 'Produtos', 'Calendário']);
    expect(body.header[0]).toMatchObject({ icon: 'NotificationOutlined', href: '/post/1', items: [] });
    expect(body.footer[0]).toMatchObject({ title: 'Informação', href: null });
    expect(body.footer[0].items.map((m: { title: string }) => m.title)).toEqual(['Quem somos', 'Páginas']);
    expect(body.dashboard).toHaveLength(3);
  });

  it('hides an inactive menu and its children; menusForZone reads one zone', async () => {
    const footer = zoneOf(await treeView('en'), 'footer').menus[0]!;
    const detail = (await call(admin, { method: 'GET', url: `/api/inmenu/getmenu?id=${footer.id}` })).json();
    const res = await call(admin, {
      method: 'POST',
      url: `/api/inmenu/putmenu/${footer.id}`,
      payload: { ...detail, sw_activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await menusForZone(t.database.db, 'footer', 'en')).toEqual([]);
    expect((await menusForZone(t.database.db, 'header', 'en')).map((m) => m.title)).toEqual([
      'News',
      'Products',
      'Calendar',
    ]);
    await call(admin, {
      method: 'POST',
      url: `/api/inmenu/putmenu/${footer.id}`,
      payload: { ...detail, sw_activo: true },
    });
    expect((await menusForZone(t.database.db, 'footer', 'en'))[0]!.items).toHaveLength(2);
  });
});

describe('menus: new, save, delete', () => {
  it('offers es Castellano and eu Euskara menus; a new menu goes last in its zone and language', async () => {
    const view = await treeView('eu');
    const header = zoneOf(view, 'header');
    expect(header.menus.map((m) => m.nombre)).toEqual(['Albisteak', 'Produktuak', 'Egutegia']);
    const fresh = (
      await call(admin, { method: 'GET', url: `/api/inmenu/getnewmenu?cod_idioma=eu&menu_cod=${header.id_zona}` })
    ).json();
    expect(fresh).toMatchObject({ id_menu: 0, idioma_cod: 'eu', zona_id: header.id_zona });
    const saved = await call(admin, {
      method: 'POST',
      url: '/api/inmenu/putmenu/new',
      payload: {
        ...fresh,
        nombre: 'Orri nagusia',
        icon: 'HomeOutlined',
        lnkmode: 0,
        lnkobjeto_cod: 4,
        lnkobjeto_id: 7,
      },
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id;
    const after = await treeView('eu');
    expect(after.version).toBe(view.version + 1);
    expect(zoneOf(after, 'header').menus.map((m) => m.nombre)).toEqual([
      'Albisteak',
      'Produktuak',
      'Egutegia',
      'Orri nagusia',
    ]);
    const eu = await menusForZone(t.database.db, 'header', 'eu');
    expect(eu[3]).toMatchObject({ title: 'Orri nagusia', href: '/post/4/7', icon: 'HomeOutlined' });
    const deleted = await call(admin, { method: 'DELETE', url: `/api/inmenu/deletemenu/${id}` });
    expect(deleted.json()).toEqual({ message: 'WARN_DeleteOK', id });
  });

  it('refuses bad input with the rule key and writes nothing', async () => {
    const before = await snapshot();
    const zone = zoneOf(await treeView('es'), 'header').id_zona;
    const base = { idioma_cod: 'es', zona_id: zone, nombre: 'Menú', lnkmode: 1 };
    const cases: [unknown, string][] = [
      [{ ...base, nombre: ' ' }, 'MSG_ContentNameRequired'],
      [{ ...base, lnkmode: 0, lnkobjeto_id: null }, 'MSG_MenuPostRequired'],
      [{ ...base, icon: 'javascript:alert(1)' }, 'MSG_ContentIconUnknown'],
      [{ ...base, zona_id: 999999 }, 'MSG_ZoneUnknown'],
      [{ ...base, parent_id: 999999 }, 'MSG_TreeParentUnknown'],
    ];
    for (const [payload, key] of cases) {
      const res = await call(admin, { method: 'POST', url: '/api/inmenu/putmenu/0', payload });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(
      (await call(admin, { method: 'POST', url: '/api/inmenu/putmenu/0', payload: { ...base, idioma_cod: 'de' } }))
        .statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to delete a menu with children, and 404s an unknown one', async () => {
    const footer = zoneOf(await treeView('es'), 'footer').menus[0]!;
    const res = await call(admin, { method: 'DELETE', url: `/api/inmenu/deletemenu/${footer.id}` });
    expect(res.json().message).toBe('MSG_TreeHasChildren');
    expect((await call(admin, { method: 'DELETE', url: '/api/inmenu/deletemenu/999999' })).statusCode).toBe(404);
    expect((await call(admin, { method: 'GET', url: '/api/inmenu/getmenu?id=999999' })).statusCode).toBe(404);
  });
});

describe('organizemenus/', () => {
  const organize = (payload: unknown) => call(admin, { method: 'POST', url: '/api/inmenu/organizemenus/', payload });

  it('moves a menu to another zone and under another menu, per language', async () => {
    const view = await treeView('fr');
    const header = zoneOf(view, 'header');
    const footer = zoneOf(view, 'footer');
    const tree = posted(view.zones);
    // The header's first menu goes into the footer, under its heading.
    const moved = header.menus[0]!.id;
    const heading = tree.find((n) => n.id === footer.menus[0]!.id)!;
    const next = tree.filter((n) => n.id !== moved);
    heading.children = [...heading.children, { id: moved, children: [] }];
    const res = await organize({ idioma_cod: 'fr', version: view.version, tree: next });
    expect(res.statusCode).toBe(200);
    const after = await treeView('fr');
    expect(zoneOf(after, 'header').menus.map((m) => m.nombre)).toEqual(['Produits', 'Calendrier']);
    expect(zoneOf(after, 'footer').menus[0]!.children.map((m) => m.nombre)).toEqual([
      'Qui sommes-nous',
      'Pages',
      'Actualités',
    ]);
    // Other languages keep their version and their menus.
    expect(zoneOf(await treeView('es'), 'header').menus).toHaveLength(3);
  });

  it('refuses a lost node, a menu of another language, a loop, a root without zone and a stale version', async () => {
    const view = await treeView('pt');
    const tree = posted(view.zones);
    const other = zoneOf(await treeView('es'), 'header').menus[0]!.id;
    const before = await snapshot();
    const first = tree[0]!;
    for (const [body, reason, status] of [
      [{ idioma_cod: 'pt', version: view.version, tree: tree.slice(1) }, 'MSG_TreeNodeLost', 400],
      [
        { idioma_cod: 'pt', version: view.version, tree: [...tree, { id: other, zona_id: 1 }] },
        'MSG_TreeNodeUnknown',
        400,
      ],
      [
        {
          idioma_cod: 'pt',
          version: view.version,
          tree: [{ ...first, children: [{ id: first.id }] }, ...tree.slice(1)],
        },
        'MSG_TreeLoop',
        400,
      ],
      [
        { idioma_cod: 'pt', version: view.version, tree: [{ id: first.id }, ...tree.slice(1)] },
        'MSG_TreeZoneRequired',
        400,
      ],
      [{ idioma_cod: 'pt', version: view.version + 5, tree }, 'MSG_TreeStale', 409],
    ] as const) {
      const res = await organize(body);
      expect(res.statusCode, reason).toBe(status);
      expect(res.json()).toMatchObject({ message: 'WARN_SaveERR', messagedetail: reason });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('zones', () => {
  it('creates a zone with a name per language, reads and deletes it; refuses a code taken, a repeated language', async () => {
    const before = await zoneCount();
    const bad = [
      [{ codigo: 'header', zonaposted: [{ idioma_cod: 'es', nombre: 'Otra' }] }, 'MSG_ZoneCodeTaken'],
      [{ codigo: 'lateral', zonaposted: [] }, 'MSG_OneLanguageMustExist'],
      [{ codigo: 'Lateral!', zonaposted: [{ idioma_cod: 'es', nombre: 'L' }] }, 'MSG_ZoneCodeInvalid'],
      [
        {
          codigo: 'lateral',
          zonaposted: [
            { idioma_cod: 'es', nombre: 'L' },
            { idioma_cod: 'es', nombre: 'M' },
          ],
        },
        'WARN_LanguageAlreadyAdded',
      ],
    ] as const;
    for (const [payload, key] of bad) {
      const res = await call(admin, { method: 'POST', url: '/api/inmenu/putzone/0', payload });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(await zoneCount()).toBe(before);
    const saved = await call(admin, {
      method: 'POST',
      url: '/api/inmenu/putzone/new',
      payload: {
        codigo: 'lateral',
        zonaposted: [
          { idioma_cod: 'es', nombre: 'Lateral' },
          { idioma_cod: 'fr', nombre: 'Latéral' },
        ],
      },
    });
    const id = saved.json().id;
    expect((await call(admin, { method: 'GET', url: `/api/inmenu/getzone?id=${id}` })).json()).toEqual({
      id_zona: id,
      codigo: 'lateral',
      zonaposted: [
        { idioma_cod: 'es', nombre: 'Lateral' },
        { idioma_cod: 'fr', nombre: 'Latéral' },
      ],
    });
    expect((await call(admin, { method: 'DELETE', url: `/api/inmenu/deletezone/${id}` })).statusCode).toBe(200);
    const header = zoneOf(await treeView('es'), 'header').id_zona;
    expect((await call(admin, { method: 'DELETE', url: `/api/inmenu/deletezone/${header}` })).json().message).toBe(
      'MSG_ZoneHasMenus',
    );
    expect(await zoneCount()).toBe(before);
  });
});
