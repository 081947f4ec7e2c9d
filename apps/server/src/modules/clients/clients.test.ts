import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (token: string | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/inclient/getprofile/${query}`, headers: token ? bearer(token) : {} });

describe('GET /api/inclient/getprofile/', () => {
  it('needs a signed-in user', async () => {
    expect((await profile(null)).statusCode).toBe(401);
  });

  it('answers the caller’s own client with its addresses', async () => {
    const { token } = await makeUser(t, 'plateBuyer');
    const res = await profile(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      accountnum: 'C00001',
      name: 'Talleres Hermanos García, S.L.',
      almacen: 'MAD01',
      es_plate: true,
    });
    expect(body.addresses.length).toBe(3);
    expect(body.addresses.filter((a: { isdefault: boolean }) => a.isdefault)).toHaveLength(1);
  });

  it('answers 404 when a customer asks for another client, exactly as if it did not exist', async () => {
    const { token } = await makeUser(t, 'plateBuyer');
    const other = await profile(token, '?cliente_id=C00002');
    const missing = await profile(token, '?cliente_id=C99999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('lets an admin choose the client', async () => {
    const { token } = await makeUser(t, 'admin');
    const res = await profile(token, '?cliente_id=C00002');
    expect(res.statusCode).toBe(200);
    expect(res.json().accountnum).toBe('C00002');
    expect((await profile(token, '?cliente_id=C99999')).statusCode).toBe(404);
  });

  it('refuses a malformed client id with 400', async () => {
    const { token } = await makeUser(t, 'admin');
    const res = await profile(token, `?cliente_id=${'X'.repeat(30)}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/account/getUser', () => {
  it('derives rank and the permission to buy from the roles', async () => {
    const cases = [
      [
        'plateBuyer',
        {},
        { rank: '0,permitirCompras', rankNumber: 0, permitirCompras: true, cliente_id: 'C00001', ubication: 1 },
      ],
      ['clientadmin', {}, { rank: '1,permitirCompras', rankNumber: 1, permitirCompras: true }],
      ['admin', {}, { rank: '2', rankNumber: 2, permitirCompras: false, cliente_id: 'C00000' }],
      ['buyer', { client: 'C00002' }, { rank: '0,permitirCompras', roles: ['permitirCompras'] }],
    ] as const;
    for (const [kind, options, expected] of cases) {
      const { token, username } = await makeUser(t, kind, options);
      const res = await t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(token) });
      expect(res.json(), username).toMatchObject({ username, image_id: null, ...expected });
    }
  });
});
