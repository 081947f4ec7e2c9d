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
const get = (token: string | null, url: string) => call(token, { method: 'GET', url });
const put = (id: number | string, payload: unknown) =>
  call(admin, { method: 'POST', url: `/api/infaq/putfaqpack/${id}`, payload });

const counts = async () =>
  (
    await testRows<{ packs: number; responses: number }>(
      t.database.db,
      sql`select (select count(*)::int from faq_packs) as packs, (select count(*)::int from faq_responses) as responses`,
    )
  )[0]!;
const packIdOf = async (name: string) =>
  (await testRows<{ id: number }>(t.database.db, sql`select id from faq_packs where name = ${name}`))[0]!.id;
const pack = (overrides: Record<string, unknown> = {}) => ({
  idioma_cod: 'en',
  nombre: 'Batteries',
  descripcion: 'Starting and charging',
  tipo_cod: 0,
  sw_activo: true,
  faqpack_response: [
    { pregunta: 'Do you stock AGM batteries?', respuesta: '<p>Yes, for start-stop cars.</p>' },
    { pregunta: 'How do I recycle an old battery?', respuesta: '<p>Bring it to any store.</p>' },
  ],
  ...overrides,
});

describe('authorization', () => {
  it('answers 401 to an anonymous caller everywhere except the default public pack', async () => {
    const urls = [
      '/api/infaq/GetFaqPackJqGrid',
      '/api/infaq/GetFaqPackByIdiomaJqGrid?cod_idioma=es',
      '/api/infaq/getfaq?cod_idioma=es',
      '/api/infaq/getfaqpack/1',
      '/api/infaq/getfaqpackresponse/1',
      '/api/infaq/getnewfaqpack?lang=es',
    ];
    for (const url of urls) expect((await get(null, url)).statusCode, url).toBe(401);
    expect((await call(null, { method: 'POST', url: '/api/infaq/putfaqpack/0', payload: pack() })).statusCode).toBe(
      401,
    );
    expect((await call(null, { method: 'DELETE', url: '/api/infaq/deletefaqpack/1' })).statusCode).toBe(401);
    const anonymous = await get(null, '/api/infaq/getdefaultfaqpack?lang=es');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().public).toMatchObject({ nombre: 'Preguntas generales', tipo_cod: 2 });
    expect(anonymous.json().public.faqpack_response).toHaveLength(10);
    expect(anonymous.json().private).toBeNull();
  });

  it('lets a customer read but not write (403): nothing is written', async () => {
    const before = await counts();
    const id = await packIdOf('Preguntas de clientes');
    expect((await get(buyer, '/api/infaq/GetFaqPackJqGrid')).statusCode).toBe(403);
    expect((await get(buyer, '/api/infaq/getnewfaqpack')).statusCode).toBe(403);
    expect((await call(buyer, { method: 'POST', url: '/api/infaq/putfaqpack/0', payload: pack() })).statusCode).toBe(
      403,
    );
    expect((await call(buyer, { method: 'DELETE', url: `/api/infaq/deletefaqpack/${id}` })).statusCode).toBe(403);
    expect(
      (await call(buyer, { method: 'DELETE', url: `/api/infaq/deletefaqpackresponse/1?faqpack_id=${id}` })).statusCode,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('gives a signed-in customer the default private pack too', async () => {
    const res = await get(buyer, '/api/infaq/getdefaultfaqpack?lang=fr');
    expect(res.json().public.nombre).toBe('Questions générales');
    expect(res.json().private).toMatchObject({ nombre: 'Questions des clients', tipo_cod: 1 });
    expect(res.json().private.faqpack_response).toHaveLength(11);
  });
});

describe('what customers read', () => {
  it('lists the active packs of the asked language only; a draft never leaks', async () => {
    const grid = await get(buyer, '/api/infaq/GetFaqPackByIdiomaJqGrid?cod_idioma=es');
    expect(grid.statusCode).toBe(200);
    const names = grid.json().rows.map((r: { Nombre: string }) => r.Nombre);
    expect(names).toEqual(['Devoluciones y garantías', 'Preguntas de clientes', 'Preguntas generales']);
    expect(grid.json().rows.every((r: { Idioma_Cod: string }) => r.Idioma_Cod === 'es')).toBe(true);
    const faq = await get(buyer, '/api/infaq/getfaq?cod_idioma=pt');
    expect(faq.json().map((p: { nombre: string }) => p.nombre)).toEqual([
      'Perguntas gerais',
      'Perguntas de clientes',
      'Devoluções e garantias',
    ]);
    const draft = await packIdOf('Borrador: novedades de temporada');
    expect((await get(buyer, `/api/infaq/getfaqpack/${draft}`)).statusCode).toBe(404);
    expect((await get(buyer, `/api/infaq/getfaqpackresponse/${draft}`)).statusCode).toBe(404);
    const asAdmin = await get(admin, `/api/infaq/getfaqpack/${draft}`);
    expect(asAdmin.json()).toMatchObject({
      sw_activo: false,
      faqpack_response: [{ pregunta: '¿Pregunta secreta del borrador?' }],
    });
    const allGrid = await get(admin, '/api/infaq/GetFaqPackJqGrid?rows=30');
    expect(allGrid.json().records).toBe(13);
  });

  it('reads a pack’s responses in order', async () => {
    const id = await packIdOf('General questions');
    const res = await get(buyer, `/api/infaq/getfaqpackresponse/${id}`);
    expect(res.json()[0]).toMatchObject({ faqpack_id: id, pregunta: 'Who can buy on the portal?' });
    expect(res.json()).toHaveLength(10);
  });
});

describe('putfaqpack, deletefaqpackresponse, deletefaqpack', () => {
  it('creates a pack with responses, reorders, edits and deletes a response, then deletes the pack', async () => {
    const fresh = await get(admin, '/api/infaq/getnewfaqpack?lang=en');
    expect(fresh.json()).toMatchObject({
      id_faqpack: 0,
      idioma_cod: 'en',
      tipo_cod: 0,
      sw_activo: true,
      faqpack_response: [],
    });
    const saved = await put('new', pack());
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id_faqpack;
    const read = (await get(admin, `/api/infaq/getfaqpack/${id}`)).json();
    const [first, second] = read.faqpack_response;
    // Swap them and edit the (now first) second one.
    const reordered = await put(id, {
      ...pack(),
      faqpack_response: [
        { id_response: second.id_response, pregunta: 'Where do I recycle a battery?', respuesta: second.respuesta },
        { id_response: first.id_response, pregunta: first.pregunta, respuesta: first.respuesta },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    const after = (await get(admin, `/api/infaq/getfaqpackresponse/${id}`)).json();
    expect(after.map((r: { pregunta: string }) => r.pregunta)).toEqual([
      'Where do I recycle a battery?',
      'Do you stock AGM batteries?',
    ]);
    expect(after[0].id_response).toBe(second.id_response);

    const removed = await call(admin, {
      method: 'DELETE',
      url: `/api/infaq/deletefaqpackresponse/${first.id_response}?faqpack_id=${id}`,
    });
    expect(removed.json()).toEqual({ message: 'WARN_DeleteOK', id: first.id_response });
    expect((await get(admin, `/api/infaq/getfaqpackresponse/${id}`)).json()).toHaveLength(1);
    const otherPack = await packIdOf('General questions');
    expect(
      (
        await call(admin, {
          method: 'DELETE',
          url: `/api/infaq/deletefaqpackresponse/${second.id_response}?faqpack_id=${otherPack}`,
        })
      ).statusCode,
    ).toBe(404);

    expect((await call(admin, { method: 'DELETE', url: `/api/infaq/deletefaqpack/${id}` })).statusCode).toBe(200);
    expect((await get(admin, `/api/infaq/getfaqpack/${id}`)).statusCode).toBe(404);
    const left = await testRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from faq_responses where pack_id = ${id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('keeps one default of each type per language', async () => {
    const before = await counts();
    const publicTaken = await put(0, pack({ tipo_cod: 2 }));
    expect(publicTaken.statusCode).toBe(400);
    expect(publicTaken.json().message).toBe('MSG_FaqDefaultTaken');
    const privateId = await packIdOf('Customer questions');
    const existing = (await get(admin, `/api/infaq/getfaqpack/${privateId}`)).json();
    const turned = await put(await packIdOf('Returns and warranties'), pack({ tipo_cod: 1 }));
    expect(turned.json().message).toBe('MSG_FaqDefaultTaken');
    expect(await counts()).toEqual(before);
    // A normal pack in another language is saved; the defaults are untouched.
    const other = await put(0, pack({ idioma_cod: 'pt', tipo_cod: 0 }));
    expect(other.statusCode).toBe(200);
    expect((await get(admin, `/api/infaq/getfaqpack/${privateId}`)).json()).toEqual(existing);
    await call(admin, { method: 'DELETE', url: `/api/infaq/deletefaqpack/${other.json().id_faqpack}` });
  });

  it('refuses bad input with the rule key and writes nothing', async () => {
    const before = await counts();
    const cases: [unknown, string][] = [
      [pack({ nombre: '  ' }), 'MSG_FaqNameRequired'],
      [pack({ nombre: 'x'.repeat(121) }), 'MSG_FaqNameTooLong'],
      [pack({ tipo_cod: 3 }), 'MSG_FaqTypeInvalid'],
      [pack({ faqpack_response: [{ pregunta: '', respuesta: 'a' }] }), 'MSG_FaqQuestionRequired'],
      [pack({ faqpack_response: [{ pregunta: 'q', respuesta: 'a'.repeat(20_001) }] }), 'MSG_FaqAnswerTooLong'],
      [pack({ faqpack_response: [{ id_response: 1, pregunta: 'q', respuesta: 'a' }] }), 'MSG_FaqResponseUnknown'],
    ];
    for (const [payload, key] of cases) {
      const res = await put(0, payload);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect((await put(0, pack({ idioma_cod: 'de' }))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await put(999999, pack())).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: '/api/infaq/deletefaqpack/999999' })).statusCode).toBe(404);
  });

  it('sanitises answers on save: scripts, event handlers and javascript: links go; images and links stay', async () => {
    const dirty =
      '<p onclick="steal()">Hola<script>alert(1)</script></p>' +
      '<img src="/api/inimage/getimg/1" alt="pieza" onerror="steal()">' +
      '<a href="javascript:alert(1)">malo</a> <a href="https://example.com/ficha">ficha</a>';
    const saved = await put(0, pack({ faqpack_response: [{ pregunta: 'q', respuesta: dirty }] }));
    const id = saved.json().id_faqpack;
    const html = (await get(admin, `/api/infaq/getfaqpackresponse/${id}`)).json()[0].respuesta as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('<img src="/api/inimage/getimg/1" alt="pieza" />');
    expect(html).toContain('<a href="https://example.com/ficha" rel="noopener noreferrer">ficha</a>');
    expect(html).toContain('<p>Hola</p>');
    await call(admin, { method: 'DELETE', url: `/api/infaq/deletefaqpack/${id}` });
  });
});
