import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesInStore, call, emptyCart } from '../test/checkout-support.ts';
import { testRows } from '../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { makeUser } from '../test/users.ts';

let t: TestApp;
let buyer: string;
let buyerId: string;
let admin: string;
let adminName: string;

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** The six calls the frame's one call answers for, each asked alone. */
async function alone(token: string, lang: string) {
  const answer = async (url: string) => {
    const res = await get(token, url);
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  return {
    user: await answer('/api/account/getUser'),
    navMenu: await answer('/api/innavmenu/getnavmenu'),
    zoneMenus: await answer(`/api/inmenu/getzonemenus?idioma_cod=${lang}`),
    cartLength: await answer('/api/incheckout/getcurrentcartlength'),
    unread: await answer('/api/innotification/unread'),
    languages: await answer('/api/common/languages'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ token: buyer, id: buyerId } = await makeUser(t, 'plateBuyer'));
  ({ token: admin, username: adminName } = await makeUser(t, 'admin'));
  // A cart of two lines and two unread notifications: the counts the frame shows are not zero by chance.
  await emptyCart(t.app, buyer);
  for (const a of await articlesInStore(t, 'MAD01', 2)) {
    const res = await call(t.app, buyer, 'POST', '/api/incheckout/addtocurrentcart', {
      id_articulo: a.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(200);
  }
  await testRows(
    t.database.db,
    sql`insert into notifications (user_id, kind, params)
        values (${buyerId}, 'stock_back', '{"ref":"X1","store":"MAD01"}'::jsonb),
               (${buyerId}, 'stock_back', '{"ref":"X2","store":"MAD01"}'::jsonb)`,
  );
});
afterAll(() => t.close());

describe('GET /api/common/shell: the frame of a signed-in screen in one call', () => {
  it('answers, part for part, what the six calls answer alone (a buyer, in Spanish and in Portuguese)', async () => {
    for (const lang of ['es', 'pt']) {
      const res = await get(buyer, `/api/common/shell?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const shell = res.json();
      expect(shell).toEqual(await alone(buyer, lang));
      expect(shell.cartLength).toBe(2);
      expect(shell.unread.unread).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers for staff too: their own menu and roles', async () => {
    const res = await get(admin, '/api/common/shell?lang=en');
    expect(res.statusCode).toBe(200);
    const shell = res.json();
    expect(shell).toEqual(await alone(admin, 'en'));
    expect(shell.user.username).toBe(adminName);
    // The side menus differ by rank: the admin's holds entries the buyer's does not.
    const buyerShell = (await get(buyer, '/api/common/shell?lang=en')).json();
    expect(shell.navMenu).not.toEqual(buyerShell.navMenu);
  });

  it('takes Spanish when no language is given, refuses an unknown one (400) and anonymous callers (401)', async () => {
    const es = (await get(buyer, '/api/common/shell')).json();
    expect(es.zoneMenus).toEqual((await get(buyer, '/api/inmenu/getzonemenus?idioma_cod=es')).json());
    expect((await get(buyer, '/api/common/shell?lang=xx')).statusCode).toBe(400);
    expect((await get(null, '/api/common/shell?lang=es')).statusCode).toBe(401);
  });
});
