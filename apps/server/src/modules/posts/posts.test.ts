import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menusForZone } from '../../db/zone-menus.ts';
import { jpegFixture, multipart } from '../../test/images-fixtures.ts';
import { news, type PostCall, postCalls } from '../../test/posts-fixtures.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let buyer: string;
let imageId: number;
let imageHash: string;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  const body = multipart([{ name: 'banner.jpg', content: await jpegFixture(1600, 600), type: 'image/jpeg' }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/inimage/upload',
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  imageId = uploaded.json()[0].id;
  imageHash = uploaded.json()[0].hash;
  const [category] = await testRows<{ id: number }>(
    t.database.db,
    sql`insert into categories (position) values (99) returning id`,
  );
  categoryId = category!.id;
});
afterAll(() => t.close());

const { call, create } = postCalls(
  () => t,
  () => admin,
);
const count = async (table: string) =>
  Number((await testRows<{ n: string }>(t.database.db, sql`select count(*) as n from ${sql.raw(table)}`))[0]!.n);

describe('authorization', () => {
  const calls: PostCall[] = [
    { method: 'GET', url: '/api/inpost/GetPostsJqGrid?tipo=1' },
    { method: 'GET', url: '/api/inpost/getnewpost/1?lang=es' },
    { method: 'POST', url: '/api/inpost/putpost/0', payload: news() },
    { method: 'DELETE', url: '/api/inpost/deletepost/1' },
    { method: 'POST', url: '/api/inpost/sendpostbyemail/1', payload: { email: 'a@example.com' } },
    { method: 'GET', url: '/api/inpost/getpost/1' },
    { method: 'GET', url: '/api/inpost/getlist?tipo=1&lang=es' },
    { method: 'GET', url: '/api/inpost/getrelatedpostsbyevent/1' },
    { method: 'GET', url: '/api/inpost/dashboard?lang=es' },
    { method: 'GET', url: '/api/inpost/gethelp?lang=es' },
  ];

  it('answers 401 to an anonymous caller on every call', async () => {
    for (const c of calls) expect((await call(null, c)).statusCode, c.url).toBe(401);
  });

  it('refuses a customer every admin call with 403, and nothing is written', async () => {
    const [posts, mails] = [await count('posts'), await count('mail_outbox')];
    for (const c of calls.slice(0, 5)) expect((await call(buyer, c)).statusCode, c.url).toBe(403);
    expect(await count('posts')).toBe(posts);
    expect(await count('mail_outbox')).toBe(mails);
  });
});

describe('the demo posts', () => {
  it('has 30 news in each language (one a draft), products, a dozen events and the help page', async () => {
    const rows = await testRows<{ kind: number; n: number; active: number }>(
      t.database.db,
      sql`select kind::int, count(*)::int as n, count(*) filter (where active)::int as active from posts group by kind order by kind`,
    );
    expect(rows).toEqual([
      { kind: 1, n: 30, active: 29 },
      { kind: 2, n: 8, active: 8 },
      { kind: 3, n: 12, active: 12 },
      { kind: 4, n: 1, active: 1 },
    ]);
    const langs = await testRows<{ lang: string; n: number }>(
      t.database.db,
      sql`select lang, count(*)::int as n from post_texts group by lang order by lang`,
    );
    expect(langs).toEqual([
      { lang: 'en', n: 51 },
      { lang: 'es', n: 51 },
      { lang: 'fr', n: 51 },
      { lang: 'pt', n: 51 },
    ]);
  });
});

describe('GET GetPostsJqGrid', () => {
  it('lists a kind newest first with the list columns, inactive ones included for admins', async () => {
    const res = await call(admin, { method: 'GET', url: '/api/inpost/GetPostsJqGrid?tipo=1&rows=30' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records).toBe(30);
    const dates = body.rows.map((r: { Fecha_Creacion: string }) => r.Fecha_Creacion);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.rows[0]).toMatchObject({ Idiomas: 'es,en,fr,pt' });
    expect(body.rows.filter((r: { SW_Activo: boolean }) => !r.SW_Activo)).toHaveLength(1);
  });

  it('filters by name and refuses an unknown column with 400', async () => {
    const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Nombre', op: 'cn', data: 'Zaragoza' }] });
    const res = await call(admin, {
      method: 'GET',
      url: `/api/inpost/GetPostsJqGrid?tipo=1&filters=${encodeURIComponent(filters)}`,
    });
    expect(res.json().records).toBe(5);
    const bad = await call(admin, { method: 'GET', url: '/api/inpost/GetPostsJqGrid?tipo=1&sidx=password' });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, { method: 'GET', url: '/api/inpost/GetPostsJqGrid?tipo=9' })).statusCode).toBe(400);
  });
});

describe('GET getnewpost/{cod}', () => {
  it('answers an unsaved post of the kind with one empty tab in the asked language', async () => {
    const res = await call(admin, { method: 'GET', url: '/api/inpost/getnewpost/3?lang=pt' });
    expect(res.json()).toMatchObject({ id_post: 0, post_cod: 3, relacionados: [], postposted: [{ idioma_cod: 'pt' }] });
    expect((await call(admin, { method: 'GET', url: '/api/inpost/getnewpost/5' })).statusCode).toBe(400);
  });
});

describe('POST putpost/{id}, GET getpost/{id}, DELETE deletepost/{id}', () => {
  it('creates, reads, updates and deletes a news item with a banner and a category', async () => {
    const body = news({
      id_categoria: categoryId,
      postposted: [
        {
          idioma_cod: 'es',
          titulo: 'Con imagen',
          resumen: 'r',
          contenido: '<p>Texto</p>',
          image_banner_id: imageId,
        },
      ],
    });
    const id = await create(body);
    const read = await call(admin, { method: 'GET', url: `/api/inpost/getpost/${id}` });
    expect(read.json()).toMatchObject({
      id_post: id,
      post_cod: 1,
      id_categoria: categoryId,
      postposted: [
        {
          idioma_cod: 'es',
          titulo: 'Con imagen',
          image_banner_id: imageId,
          images: { image_banner_id: { id: imageId, url: `/api/inimage/getimg/${imageId}?slot=3&v=${imageHash}` } },
        },
      ],
    });
    const updated = await call(admin, {
      method: 'POST',
      url: `/api/inpost/putpost/${id}`,
      payload: news(),
    });
    expect(updated.json()).toEqual({ message: 'MSG_SavedOk', id_post: id });
    const again = (await call(admin, { method: 'GET', url: `/api/inpost/getpost/${id}` })).json();
    expect(again.postposted.map((p: { idioma_cod: string }) => p.idioma_cod)).toEqual(['es', 'pt']);
    expect(again.id_categoria).toBeNull();

    expect((await call(admin, { method: 'DELETE', url: `/api/inpost/deletepost/${id}` })).json()).toEqual({
      message: 'WARN_DeleteOK',
      id_post: id,
    });
    expect((await call(admin, { method: 'GET', url: `/api/inpost/getpost/${id}` })).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: `/api/inpost/deletepost/${id}` })).statusCode).toBe(404);
  });

  it('answers 404 for a post that does not exist, and writes nothing', async () => {
    const before = await count('posts');
    expect((await call(admin, { method: 'POST', url: '/api/inpost/putpost/999999', payload: news() })).statusCode).toBe(
      404,
    );
    expect(await count('posts')).toBe(before);
  });

  it('sanitises the rich text on save: scripts, event handlers and javascript: links go, images and links stay', async () => {
    const id = await create(
      news({
        postposted: [
          {
            idioma_cod: 'es',
            titulo: 'HTML',
            contenido:
              '<p onclick="steal()">Hola<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.com/a">enlace</a></p><img src="/api/inimage/getimg/1?slot=2" alt="pieza" onerror="steal()">',
          },
        ],
      }),
    );
    const html = (await call(admin, { method: 'GET', url: `/api/inpost/getpost/${id}` })).json().postposted[0]
      .contenido;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer">enlace</a>');
    expect(html).toContain('<img src="/api/inimage/getimg/1?slot=2" alt="pieza" />');
  });
});

describe('the rules of a post (400, nothing written)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no language', news({ postposted: [] }), 'MSG_OneLanguageRequired'],
    [
      'a language twice',
      news({
        postposted: [
          { idioma_cod: 'es', titulo: 'a' },
          { idioma_cod: 'es', titulo: 'b' },
        ],
      }),
      'WARN_LanguageAlreadyAdded',
    ],
    ['no title', news({ postposted: [{ idioma_cod: 'es', titulo: '  ' }] }), 'WARN_PostTitleRequired'],
    [
      'a title too long',
      news({ postposted: [{ idioma_cod: 'es', titulo: 'x'.repeat(201) }] }),
      'WARN_PostTitleTooLong',
    ],
    ['an event without dates', news({ post_cod: 3 }), 'WARN_PostEventDatesRequired'],
    [
      'an event ending before it starts',
      news({ post_cod: 3, fecha_inicio: '2026-05-02T09:00:00Z', fecha_fin: '2026-05-01T09:00:00Z' }),
      'WARN_PostEventEndBeforeStart',
    ],
    ['dates on a news item', news({ fecha_inicio: '2026-05-02T09:00:00Z' }), 'WARN_PostDatesOnlyForEvents'],
    ['related posts on a news item', news({ relacionados: [1] }), 'WARN_PostRelatedOnlyForEvents'],
    ['an unknown category', news({ id_categoria: 999999 }), 'WARN_PostCategoryUnknown'],
    [
      'an unknown image',
      news({ postposted: [{ idioma_cod: 'es', titulo: 'a', image_banner_id: 999999 }] }),
      'WARN_PostImageUnknown',
    ],
    [
      'an unknown related post',
      news({
        post_cod: 3,
        fecha_inicio: '2026-05-01T09:00:00Z',
        fecha_fin: '2026-05-01T18:00:00Z',
        relacionados: [999999],
      }),
      'WARN_PostRelatedUnknown',
    ],
    ['an unknown language', news({ postposted: [{ idioma_cod: 'de', titulo: 'a' }] }), 'WARN_ValidationError'],
  ];
  for (const [what, body, key] of cases) {
    it(`refuses ${what} with ${key}`, async () => {
      const [posts, texts] = [await count('posts'), await count('post_texts')];
      const res = await call(admin, { method: 'POST', url: '/api/inpost/putpost/0', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(key);
      expect(await count('posts')).toBe(posts);
      expect(await count('post_texts')).toBe(texts);
    });
  }

  it('refuses changing a saved post’s kind', async () => {
    const id = await create(news());
    const res = await call(admin, {
      method: 'POST',
      url: `/api/inpost/putpost/${id}`,
      payload: news({ post_cod: 2, postposted: [{ idioma_cod: 'es', titulo: 'Cambiado' }] }),
    });
    expect(res.json().message).toBe('WARN_PostKindChanged');
    expect((await call(admin, { method: 'GET', url: `/api/inpost/getpost/${id}` })).json().postposted[0].titulo).toBe(
      'Noticia de prueba',
    );
  });
});

describe('what customers read', () => {
  it('reads an active post in its language only; a draft or another language is a 404', async () => {
    const id = await create(news());
    const es = await call(buyer, { method: 'GET', url: `/api/inpost/getpost/${id}?lang=es` });
    expect(es.statusCode).toBe(200);
    expect(es.json().postposted.map((p: { idioma_cod: string }) => p.idioma_cod)).toEqual(['es']);
    expect((await call(buyer, { method: 'GET', url: `/api/inpost/getpost/${id}?lang=fr` })).statusCode).toBe(404);

    const draft = await create(news({ sw_activo: false }));
    expect((await call(buyer, { method: 'GET', url: `/api/inpost/getpost/${draft}?lang=es` })).statusCode).toBe(404);
    const list = (await call(buyer, { method: 'GET', url: '/api/inpost/getlist?tipo=1&lang=es&pageSize=50' })).json();
    const ids = list.items.map((p: { id_post: number }) => p.id_post);
    expect(ids).toContain(id);
    expect(ids).not.toContain(draft);
    const dashboard = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    expect(dashboard.news.map((p: { id_post: number }) => p.id_post)).not.toContain(draft);
  });

  it('pages the list newest first, counting the active posts of the language', async () => {
    const first = (await call(buyer, { method: 'GET', url: '/api/inpost/getlist?tipo=2&lang=fr&pageSize=5' })).json();
    const second = (
      await call(buyer, { method: 'GET', url: '/api/inpost/getlist?tipo=2&lang=fr&pageSize=5&pageIndex=1' })
    ).json();
    expect(first.total).toBe(8);
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(3);
    expect(first.items.every((p: { idioma_cod: string }) => p.idioma_cod === 'fr')).toBe(true);
    expect((await call(buyer, { method: 'GET', url: '/api/inpost/getlist?tipo=2&pageSize=500' })).statusCode).toBe(400);
  });
});

describe('calendar events', () => {
  it('keeps an event’s dates and related posts; customers see the active related ones in their language', async () => {
    const active = await create(news());
    const draft = await create(news({ sw_activo: false }));
    const start = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    const event = await create({
      post_cod: 3,
      fecha_inicio: start.toISOString(),
      fecha_fin: new Date(start.getTime() + 3_600_000).toISOString(),
      relacionados: [active, draft],
      postposted: [{ idioma_cod: 'es', titulo: 'Evento próximo' }],
    });
    const detail = (await call(admin, { method: 'GET', url: `/api/inpost/getpost/${event}` })).json();
    expect(detail.fecha_inicio).toBe(start.toISOString());
    expect(detail.relacionados).toEqual([active, draft]);

    const asAdmin = await call(admin, { method: 'GET', url: `/api/inpost/getrelatedpostsbyevent/${event}?lang=es` });
    expect(asAdmin.json().map((p: { id_post: number }) => p.id_post)).toEqual([active, draft]);
    const asBuyer = await call(buyer, { method: 'GET', url: `/api/inpost/getrelatedpostsbyevent/${event}?lang=es` });
    expect(asBuyer.json().map((p: { id_post: number }) => p.id_post)).toEqual([active]);
    const otherLang = await call(buyer, { method: 'GET', url: `/api/inpost/getrelatedpostsbyevent/${event}?lang=en` });
    expect(otherLang.statusCode).toBe(404);

    const dashboard = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    expect(dashboard.events.map((p: { id_post: number }) => p.id_post)).toContain(event);
    const starts = dashboard.events.map((p: { fecha_inicio: string }) => p.fecha_inicio);
    expect([...starts].sort()).toEqual(starts);
    expect(dashboard.events.every((p: { fecha_fin: string }) => p.fecha_fin >= t.clock.now().toISOString())).toBe(true);
  });
});

describe('GET dashboard', () => {
  it('answers the latest news with banner, title and date, in the language asked', async () => {
    const id = await create(
      news({
        postposted: [
          { idioma_cod: 'es', titulo: 'Última hora', image_banner_id: imageId },
          { idioma_cod: 'pt', titulo: 'Última hora PT', image_banner_id: imageId },
        ],
      }),
    );
    for (const [lang, title] of [
      ['es', 'Última hora'],
      ['pt', 'Última hora PT'],
    ] as const) {
      const res = await call(buyer, { method: 'GET', url: `/api/inpost/dashboard?lang=${lang}` });
      const first = res.json().news[0];
      expect(first).toMatchObject({ id_post: id, titulo: title, idioma_cod: lang });
      expect(first.banner).toBe(`/api/inimage/getimg/${imageId}?slot=3&v=${imageHash}`);
      expect(res.json().news).toHaveLength(4);
    }
    const fr = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=fr' })).json();
    expect(fr.news.map((p: { id_post: number }) => p.id_post)).not.toContain(id);
  });

  it('answers the dashboard zone’s menus in the same call', async () => {
    const res = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    const expected = await menusForZone(t.database.db, 'dashboard', 'es');
    expect(expected.length).toBeGreaterThan(0);
    expect(res.menus).toEqual(JSON.parse(JSON.stringify(expected)));
  });
});

describe('GET gethelp', () => {
  it('answers the help page in the language and the contact of the caller’s home store', async () => {
    const res = (await call(buyer, { method: 'GET', url: '/api/inpost/gethelp?lang=fr' })).json();
    expect(res.page.postposted[0]).toMatchObject({ idioma_cod: 'fr', titulo: 'Centre d’aide' });
    const [client] = await testRows<{ store_id: string; name: string; phone: string }>(
      t.database.db,
      sql`select s.id as store_id, s.name, s.phone from clients c join stores s on s.id = c.store_id
           where c.accountnum = 'C00001'`,
    );
    expect(res.store).toMatchObject({ id: client!.store_id, name: client!.name, phone: client!.phone });
    expect(res.edit_id).toBeNull();
    const asAdmin = (await call(admin, { method: 'GET', url: '/api/inpost/gethelp?lang=es' })).json();
    expect(asAdmin.edit_id).toBe(res.page.id_post);
  });
});

describe('POST sendpostbyemail/{id}', () => {
  it('sends the post as an HTML e-mail through the outbox, with absolute image URLs', async () => {
    const id = await create(
      news({
        postposted: [
          {
            idioma_cod: 'pt',
            titulo: 'Notícia por e-mail',
            resumen: 'Resumo',
            contenido: '<p>Texto <img src="/api/inimage/getimg/7?slot=2" alt="x"></p>',
            image_banner_id: imageId,
          },
        ],
      }),
    );
    const res = await call(admin, {
      method: 'POST',
      url: `/api/inpost/sendpostbyemail/${id}`,
      payload: { email: 'taller@example.com', lang: 'pt' },
    });
    expect(res.json()).toEqual({ message: 'MSG_PostSent', id_post: id });
    await t.app.mailOutbox.settled();
    const mail = t.mails.find((m) => m.subject === 'Notícia por e-mail')!;
    expect(mail.to).toBe('taller@example.com');
    const base = t.app.publicBaseUrl({ hostname: 'localhost' } as never);
    expect(mail.html).toContain(`<img src="${base}/api/inimage/getimg/${imageId}?slot=3&v=${imageHash}"`);
    expect(mail.html).toContain(`<img src="${base}/api/inimage/getimg/7?slot=2"`);
    expect(mail.html).toContain(`href="${base}/post/1/${id}"`);
    expect(mail.html).not.toMatch(/src="\/api/);
    expect(mail.text).toContain('Resumo');
  });

  it('refuses a bad address with 400 and a post that does not exist with 404; nothing is queued', async () => {
    const before = await count('mail_outbox');
    const bad = await call(admin, { method: 'POST', url: '/api/inpost/sendpostbyemail/1', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('WARN_PostEmailInvalid');
    const missing = await call(admin, {
      method: 'POST',
      url: '/api/inpost/sendpostbyemail/999999',
      payload: { email: 'a@example.com' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await count('mail_outbox')).toBe(before);
  });
});
