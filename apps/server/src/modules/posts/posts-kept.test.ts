import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, postCalls } from '../../test/posts-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/**
 * What the posts area keeps between requests (decision 0051): grid pages, their counts and the dashboard, forgotten
 * on every change announced on content_changed (migration 0031) and on every write through the posts routes.
 */
let t: TestApp;
let admin: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

const { call, create } = postCalls(
  () => t,
  () => admin,
);

describe('the posts grid kept between requests (decision 0051)', () => {
  const grid = async () =>
    (await call(admin, { method: 'GET', url: '/api/inpost/GetPostsJqGrid?tipo=1&rows=10' })).json().rows as {
      Id_Post: number;
      Nombre: string;
    }[];

  it('answers the kept page until a change is announced, then reads again', async () => {
    const id = await create(news({ postposted: [{ idioma_cod: 'es', titulo: 'Guardada en la rejilla' }] }));
    // The save's own notification, heard now rather than in the middle of what follows.
    await t.app.contentChanges.settled();
    expect((await grid())[0]).toMatchObject({ Id_Post: id, Nombre: 'Guardada en la rejilla' });
    // A change nobody announces is not seen: the page is kept.
    await t.database.db.execute(sql`alter table posts disable trigger posts_content_changed`);
    await t.database.db.execute(sql`update posts set name = 'Sin anunciar' where id = ${id}`);
    await t.database.db.execute(sql`alter table posts enable trigger posts_content_changed`);
    expect((await grid())[0]!.Nombre).toBe('Guardada en la rejilla');
    // The same change announced (another instance, SQL): seen once heard.
    await t.database.db.execute(sql`update posts set name = 'Anunciada' where id = ${id}`);
    await t.app.contentChanges.settled();
    expect((await grid())[0]!.Nombre).toBe('Anunciada');
  });

  it('keeps the count of a kind across pages and sorts until a change is announced', async () => {
    const records = async (query: string) =>
      (await call(admin, { method: 'GET', url: `/api/inpost/GetPostsJqGrid?tipo=2${query}` })).json().records as number;
    await t.app.contentChanges.settled(); // nothing written earlier is still on its way
    const before = await records('');
    await t.database.db.execute(sql`alter table posts disable trigger posts_content_changed`);
    await t.database.db.execute(sql`insert into posts (kind, name) values (2, 'Sin anunciar')`);
    await t.database.db.execute(sql`alter table posts enable trigger posts_content_changed`);
    // Another page and sort of the same kind: the page is read, its count is the kept one.
    expect(await records('&sidx=Nombre&sord=asc&rows=20')).toBe(before);
    await t.database.db.execute(sql`insert into posts (kind, name) values (2, 'Anunciada')`);
    await t.app.contentChanges.settled();
    expect(await records('&sidx=Nombre&sord=desc')).toBe(before + 2);
  });

  it('forgets its pages on a write through the routes, before the write answers', async () => {
    const id = await create(news({ postposted: [{ idioma_cod: 'es', titulo: 'Antes de borrar' }] }));
    expect((await grid())[0]!.Id_Post).toBe(id);
    const deleted = await call(admin, { method: 'DELETE', url: `/api/inpost/deletepost/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await grid()).map((r) => r.Id_Post)).not.toContain(id);
  });
});

describe('the dashboard kept between requests', () => {
  it('is kept, but a post saved here or written elsewhere is seen at once', async () => {
    const before = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    const id = await create(news({ postposted: [{ idioma_cod: 'es', titulo: 'Recién publicada' }] }));
    const after = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    expect(after.news[0]).toMatchObject({ id_post: id, titulo: 'Recién publicada' });
    expect(before.news.map((p: { id_post: number }) => p.id_post)).not.toContain(id);
    // Written elsewhere (here straight into the database): announced on content_changed (migration 0031).
    await t.database.db.execute(sql`update posts set active = false where id = ${id}`);
    await t.app.contentChanges.settled();
    const later = (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' })).json();
    expect(later.news.map((p: { id_post: number }) => p.id_post)).not.toContain(id);
  });

  it('keeps its content 5 s at most: an event that ends meanwhile goes after 5 s', async () => {
    const now = t.clock.now().getTime();
    const id = await create({
      post_cod: 3,
      sw_activo: true,
      // Begun long before every demo event, so it is the first of the dashboard's events.
      fecha_inicio: new Date(now - 3_650 * 86_400_000).toISOString(),
      fecha_fin: new Date(now + 2_000).toISOString(),
      postposted: [{ idioma_cod: 'es', titulo: 'Termina enseguida' }],
    });
    await t.app.contentChanges.settled();
    const events = async () =>
      (await call(buyer, { method: 'GET', url: '/api/inpost/dashboard?lang=es' }))
        .json()
        .events.map((p: { id_post: number }) => p.id_post);
    expect(await events()).toContain(id);
    t.clock.advance(3_000); // ended, but the kept content is 3 s old
    expect(await events()).toContain(id);
    t.clock.advance(3_000);
    expect(await events()).not.toContain(id);
  });
});
