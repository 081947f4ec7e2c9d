import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Node = { id: number; nombre: string; icon: string | null; children: Node[] };
type Posted = { id: number; children?: Posted[] };
const strip = (nodes: Node[]): Posted[] => nodes.map((n) => ({ id: n.id, children: strip(n.children) }));
const countCategories = async () =>
  Number((await testRows<{ n: string }>(t.database.db, sql`select count(*) as n from categories`))[0]!.n);
const snapshot = async () =>
  testRows<{ id: number; parent_id: number | null; position: number }>(
    t.database.db,
    sql`select id, parent_id, position from categories order by id`,
  );
const readTree = async (lang = 'es') => {
  const res = await call(admin, { method: 'GET', url: `/api/incategory/getcategoriestreeview?cod_idioma=${lang}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { version: number; tree: Node[] };
};
const findByName = (nodes: Node[], name: string): Node | undefined => {
  for (const node of nodes) {
    if (node.nombre === name) return node;
    const found = findByName(node.children, name);
    if (found) return found;
  }
  return undefined;
};

describe('authorization', () => {
  const writes: Call[] = [
    { method: 'GET', url: '/api/incategory/getcategory?id=1' },
    { method: 'GET', url: '/api/incategory/getnewcategory' },
    {
      method: 'POST',
      url: '/api/incategory/putcategory/0',
      payload: { categoriaposted: [{ idioma_cod: 'es', nombre: 'X' }] },
    },
    { method: 'DELETE', url: '/api/incategory/deletecategory/1' },
    { method: 'POST', url: '/api/incategory/organizecategories/', payload: { version: 0, tree: [] } },
  ];
  const reads: Call[] = [
    { method: 'GET', url: '/api/incategory/getcategoriestreeview' },
    { method: 'GET', url: '/api/incategory/gettree/0' },
    { method: 'GET', url: '/api/inpost/gettree/0' },
  ];
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const c of [...writes, ...reads]) expect((await call(null, c)).statusCode, c.url).toBe(401);
  });
  it('lets a customer read the tree but nothing else (403), and nothing is written', async () => {
    const before = await snapshot();
    for (const c of writes) expect((await call(buyer, c)).statusCode, c.url).toBe(403);
    for (const c of reads) expect((await call(buyer, c)).statusCode, c.url).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the demo tree', () => {
  it('is three levels deep, named in the asked language', async () => {
    const es = await readTree('es');
    const products = es.tree.find((n) => n.nombre === 'Productos')!;
    expect(products.icon).toBe('TagsOutlined');
    const brakes = products.children.find((n) => n.nombre === 'Frenos')!;
    expect(brakes.children.map((n) => n.nombre)).toEqual(['Pastillas', 'Discos']);
    const pt = await readTree('pt');
    expect(pt.tree.map((n) => n.nombre)).toEqual(['Notícias', 'Produtos', 'Eventos', 'Páginas']);
  });
});

describe('putcategory, getcategory, getnewcategory, deletecategory', () => {
  it('offers a new category in Spanish by default, or in the asked language', async () => {
    const es = await call(admin, { method: 'GET', url: '/api/incategory/getnewcategory' });
    expect(es.json()).toEqual({
      id_categoria: 0,
      icon: null,
      parent_id: null,
      categoriaposted: [{ idioma_cod: 'es', nombre: '' }],
    });
    const fr = await call(admin, { method: 'GET', url: '/api/incategory/getnewcategory?cod_idioma=fr' });
    expect(fr.json().categoriaposted).toEqual([{ idioma_cod: 'fr', nombre: '' }]);
  });

  it('creates a category last under its parent, reads it back, renames it and deletes it', async () => {
    const { tree, version } = await readTree();
    const parent = findByName(tree, 'Frenos')!;
    const created = await call(admin, {
      method: 'POST',
      url: '/api/incategory/putcategory/new',
      payload: {
        icon: 'CarOutlined',
        parent_id: parent.id,
        categoriaposted: [
          { idioma_cod: 'es', nombre: '  Pinzas ' },
          { idioma_cod: 'pt', nombre: 'Pinças' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const after = await readTree();
    expect(after.version).toBe(version + 1);
    expect(findByName(after.tree, 'Frenos')!.children.map((n) => n.nombre)).toEqual(['Pastillas', 'Discos', 'Pinzas']);

    const detail = await call(admin, { method: 'GET', url: `/api/incategory/getcategory?id=${id}` });
    expect(detail.json()).toEqual({
      id_categoria: id,
      icon: 'CarOutlined',
      parent_id: parent.id,
      categoriaposted: [
        { idioma_cod: 'es', nombre: 'Pinzas' },
        { idioma_cod: 'pt', nombre: 'Pinças' },
      ],
    });
    const renamed = await call(admin, {
      method: 'POST',
      url: `/api/incategory/putcategory/${id}`,
      payload: { icon: null, categoriaposted: [{ idioma_cod: 'en', nombre: 'Calipers' }] },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await readTree('es')).tree.length).toBe(4);
    expect(findByName((await readTree('fr')).tree, 'Calipers')?.id).toBe(id);

    const deleted = await call(admin, { method: 'DELETE', url: `/api/incategory/deletecategory/${id}` });
    expect(deleted.json()).toEqual({ message: 'WARN_DeleteOK', id });
    expect((await call(admin, { method: 'GET', url: `/api/incategory/getcategory?id=${id}` })).statusCode).toBe(404);
  });

  it('refuses bad input with the rule key and writes nothing', async () => {
    const before = await countCategories();
    const cases: [unknown, string][] = [
      [{ categoriaposted: [] }, 'MSG_OneLanguageMustExist'],
      [
        {
          categoriaposted: [
            { idioma_cod: 'es', nombre: 'A' },
            { idioma_cod: 'es', nombre: 'B' },
          ],
        },
        'WARN_LanguageAlreadyAdded',
      ],
      [{ categoriaposted: [{ idioma_cod: 'es', nombre: '   ' }] }, 'MSG_ContentNameRequired'],
      [{ categoriaposted: [{ idioma_cod: 'es', nombre: 'x'.repeat(121) }] }, 'MSG_ContentNameTooLong'],
      [{ icon: 'SkullOutlined', categoriaposted: [{ idioma_cod: 'es', nombre: 'A' }] }, 'MSG_ContentIconUnknown'],
      [{ parent_id: 999999, categoriaposted: [{ idioma_cod: 'es', nombre: 'A' }] }, 'MSG_TreeParentUnknown'],
    ];
    for (const [payload, key] of cases) {
      const res = await call(admin, { method: 'POST', url: '/api/incategory/putcategory/0', payload });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(key);
    }
    const klingon = await call(admin, {
      method: 'POST',
      url: '/api/incategory/putcategory/0',
      payload: { categoriaposted: [{ idioma_cod: 'tlh', nombre: 'A' }] },
    });
    expect(klingon.statusCode).toBe(400);
    expect(await countCategories()).toBe(before);
  });

  it('answers 404 for a category that does not exist', async () => {
    const payload = { categoriaposted: [{ idioma_cod: 'es', nombre: 'A' }] };
    expect((await call(admin, { method: 'POST', url: '/api/incategory/putcategory/999999', payload })).statusCode).toBe(
      404,
    );
    expect((await call(admin, { method: 'DELETE', url: '/api/incategory/deletecategory/999999' })).statusCode).toBe(
      404,
    );
    expect((await call(admin, { method: 'GET', url: '/api/incategory/getcategory?id=999999' })).statusCode).toBe(404);
  });

  it('refuses to delete a category that has children', async () => {
    const parent = findByName((await readTree()).tree, 'Frenos')!;
    const res = await call(admin, { method: 'DELETE', url: `/api/incategory/deletecategory/${parent.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('MSG_TreeHasChildren');
    expect(findByName((await readTree()).tree, 'Frenos')).toBeDefined();
  });
});

describe('organizecategories/', () => {
  const organize = (payload: unknown) =>
    call(admin, { method: 'POST', url: '/api/incategory/organizecategories/', payload });

  it('moves a node under another and keeps it, with a new version', async () => {
    const { tree, version } = await readTree();
    const posted = strip(tree);
    // Move "Filtros" (root child of Productos) under "Frenos", first.
    const products = posted.find((n) => n.id === findByName(tree, 'Productos')!.id)!;
    const filtersId = findByName(tree, 'Filtros')!.id;
    const brakesId = findByName(tree, 'Frenos')!.id;
    products.children = products.children!.filter((n) => n.id !== filtersId);
    const brakes = products.children.find((n) => n.id === brakesId)!;
    brakes.children = [{ id: filtersId, children: [] }, ...brakes.children!];
    const res = await organize({ version, tree: posted });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_SaveOK', version: version + 1 });
    const after = await readTree();
    expect(after.version).toBe(version + 1);
    expect(findByName(after.tree, 'Frenos')!.children.map((n) => n.nombre)).toEqual(['Filtros', 'Pastillas', 'Discos']);
    expect(findByName(after.tree, 'Productos')!.children.map((n) => n.nombre)).toEqual(['Frenos', 'Lunas']);
  });

  it('refuses a tree that lost a node, names an unknown one, or holds a node twice (a loop): nothing written', async () => {
    const { tree, version } = await readTree();
    const before = await snapshot();
    const posted = strip(tree);
    const lost = posted.slice(1);
    const unknown = [...posted, { id: 999999 }];
    // "Noticias" put under its own child "Empresa": it appears twice.
    const news = posted[0]!;
    const looped = [
      { ...news, children: [{ ...news.children![0]!, children: [{ id: news.id }] }] },
      ...posted.slice(1),
    ];
    for (const [body, reason] of [
      [lost, 'MSG_TreeNodeLost'],
      [unknown, 'MSG_TreeNodeUnknown'],
      [looped, 'MSG_TreeLoop'],
    ] as const) {
      const res = await organize({ version, tree: body });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ message: 'WARN_SaveERR', messagedetail: reason });
    }
    expect(await snapshot()).toEqual(before);
    expect((await readTree()).version).toBe(version);
  });

  it('refuses a tree read before another admin changed it (stale version): nothing written', async () => {
    const { tree, version } = await readTree();
    const posted = strip(tree);
    expect((await organize({ version, tree: posted })).statusCode).toBe(200);
    const before = await snapshot();
    const reversed = [...posted].reverse();
    const res = await organize({ version, tree: reversed });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'WARN_SaveERR', messagedetail: 'MSG_TreeStale' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a malformed body with 400', async () => {
    expect((await organize({ tree: [] })).statusCode).toBe(400);
    expect((await organize({ version: 0, tree: [{ id: 'x' }] })).statusCode).toBe(400);
  });
});

describe('gettree/{id}', () => {
  it('marks a known category as selected and answers null for none', async () => {
    const brakes = findByName((await readTree()).tree, 'Frenos')!;
    const res = await call(buyer, { method: 'GET', url: `/api/incategory/gettree/${brakes.id}?cod_idioma=en` });
    expect(res.statusCode).toBe(200);
    expect(res.json().selected).toBe(brakes.id);
    expect(findByName(res.json().tree, 'Brakes')?.id).toBe(brakes.id);
    expect((await call(buyer, { method: 'GET', url: '/api/incategory/gettree/0' })).json().selected).toBeNull();
  });

  it('is served as the specification names it, under /api/inpost, with the same answer', async () => {
    const brakes = findByName((await readTree()).tree, 'Frenos')!;
    const url = `/gettree/${brakes.id}?cod_idioma=en`;
    const byPost = await call(buyer, { method: 'GET', url: `/api/inpost${url}` });
    expect(byPost.statusCode).toBe(200);
    expect(byPost.json().selected).toBe(brakes.id);
    expect(byPost.json()).toEqual((await call(buyer, { method: 'GET', url: `/api/incategory${url}` })).json());
  });
});
