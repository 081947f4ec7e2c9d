import { NEW_USER_ID } from '@portal/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { makeUser, TEST_USER_PASSWORD } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let clientadmin: string;
let clientadminId: string;
let buyer: string;
let buyerName: string;
let buyerId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  ({ token: clientadmin, id: clientadminId } = await makeUser(t, 'clientadmin'));
  ({ token: buyer, username: buyerName, id: buyerId } = await makeUser(t, 'plateBuyer'));
  const rows = await testRows<{ id: string; username: string }>(
    t.database.db,
    sql`select id::text, username from users`,
  );
  for (const r of rows) ids[r.username] = r.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
const one = async <T>(query: ReturnType<typeof sql>) => (await testRows<T>(t.database.db, query))[0];
const userCount = async () => (await one<{ n: number }>(sql`select count(*)::int as n from users`))!.n;

describe('POST /api/inuser/GetUsersJqGrid', () => {
  const grid = (token: string | null, body: object = {}) => call('POST', '/api/inuser/GetUsersJqGrid', token, body);

  it('is for admins and client admins', async () => {
    expect((await grid(null)).statusCode).toBe(401);
    expect((await grid(buyer)).statusCode).toBe(403);
  });

  it('lists every user by username ascending for an admin, and filters client_id by equality only', async () => {
    const all = (await grid(admin, { rows: 30 })).json();
    const names = all.rows.map((r: { username: string }) => r.username);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.records).toBeGreaterThan(30);
    const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'client_id', op: 'eq', data: 'C00002' }] });
    const c2 = (await grid(admin, { _search: true, filters, rows: 30 })).json();
    expect(c2.rows.map((r: { username: string }) => r.username).sort()).toEqual(['buyer2', 'c2admin']);
    const contains = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'client_id', op: 'cn', data: 'C0000' }] });
    const refused = await grid(admin, { _search: true, filters: contains });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('WARN_ValidationError');
  });

  it('shows a client admin the users of their own client only', async () => {
    const own = (await grid(clientadmin, { rows: 30 })).json();
    expect(own.rows.length).toBeGreaterThanOrEqual(5);
    expect(own.rows.every((r: { client_id: string }) => r.client_id === 'C00001')).toBe(true);
    const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field: 'client_id', op: 'eq', data: 'C00002' }] });
    expect((await grid(clientadmin, { _search: true, filters })).json().records).toBe(0);
  });

  it('answers the users of one client; another client is not found for a client admin', async () => {
    const res = await call('GET', '/api/inuser/GetUsersByClientJqGrid/C00002', admin);
    expect(res.json().rows.map((r: { username: string }) => r.username)).toEqual(['buyer2', 'c2admin']);
    expect((await call('GET', '/api/inuser/GetUsersByClientJqGrid/C00002', clientadmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/inuser/GetUsersByClientJqGrid/C00001', clientadmin)).statusCode).toBe(200);
  });
});

describe('GET /api/inuser/getuser/{id}', () => {
  it('answers a managed user, a blank one for an all-zero id, and 404 for another client', async () => {
    expect((await call('GET', `/api/inuser/getuser/${ids.buyer}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/inuser/getuser/${ids.buyer2}`, buyer)).statusCode).toBe(403);
    const res = await call('GET', `/api/inuser/getuser/${ids.buyer}`, clientadmin);
    expect(res.json().data).toMatchObject({ id: ids.buyer, username: 'buyer', cliente_id: 'C00001', rank: 0 });
    expect(JSON.stringify(res.json())).not.toMatch(/argon|password_hash/);
    expect((await call('GET', `/api/inuser/getuser/${ids.buyer2}`, clientadmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/inuser/getuser2/${ids.buyer2}`, admin)).json().data.username).toBe('buyer2');
    const blank = await call('GET', `/api/inuser/getuser/${NEW_USER_ID}`, clientadmin);
    expect(blank.json().data).toMatchObject({ id: NEW_USER_ID, username: '', cliente_id: 'C00001' });
    expect((await call('GET', '/api/inuser/getnewuser?c_id=C00002', admin)).json().data.cliente_id).toBe('C00002');
    expect((await call('GET', '/api/inuser/getnewuser?c_id=C00002', clientadmin)).statusCode).toBe(404);
  });

  it('answers the caller’s own user at /api/inuser/getuser', async () => {
    const res = await call('GET', '/api/inuser/getuser', buyer);
    expect(res.json().data).toMatchObject({ username: buyerName, hasPassword: true });
  });
});

describe('POST /api/inuser/putuseradmin/{id}', () => {
  const put = (token: string, id: string, body: object) => call('POST', `/api/inuser/putuseradmin/${id}`, token, body);

  it('creates a user of the client admin’s client without a password and e-mails the set-password link', async () => {
    const res = await put(clientadmin, NEW_USER_ID, { username: 'nuevo.mecanico', email: 'nuevo@taller.example' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await one<{ client: string; hash: string }>(
      sql`select client_accountnum as client, password_hash as hash from users where id = ${id}`,
    );
    expect(row).toEqual({ client: 'C00001', hash: '' });
    const mail = await one<{ body: string }>(
      sql`select body from mail_outbox where recipient = 'nuevo@taller.example' order by id desc limit 1`,
    );
    expect(mail?.body).toMatch(/\/set-password\/[A-Za-z0-9_-]{20,}/);
    // Nobody signs in with the empty password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/token',
      payload: 'grant_type=password&username=nuevo.mecanico&password=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('refuses bad input with the rule’s key and writes nothing', async () => {
    const before = await userCount();
    const spaced = await put(admin, NEW_USER_ID, { username: 'con espacio', cliente_id: 'C00003' });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toBe('WARN_UserNameChars');
    const taken = await put(admin, NEW_USER_ID, { username: 'BUYER', cliente_id: 'C00003' });
    expect(taken.json().message).toBe('WARN_RegisterUserExists');
    expect((await put(admin, NEW_USER_ID, { username: 'sin.cliente' })).json().message).toBe('WARN_ClientRequired');
    expect((await put(admin, NEW_USER_ID, { username: 'x.y', cliente_id: 'NOPE' })).json().message).toBe(
      'WARN_ClientUnknown',
    );
    const address = await one<{ id: number }>(
      sql`select id from client_addresses where client_accountnum = 'C00002' limit 1`,
    );
    const wrongAddress = await put(clientadmin, NEW_USER_ID, {
      username: 'otra.direccion',
      addressdefault_recid: address!.id,
    });
    expect(wrongAddress.json().message).toBe('WARN_AddressNotOfClient');
    expect((await put(admin, NEW_USER_ID, { username: 'x.z', email: 'no-mail' })).json().message).toBe(
      'WARN_EmailInvalid',
    );
    expect(await userCount()).toBe(before);
  });

  it('never lets a client admin reach another client (404), and nothing is written', async () => {
    const before = await userCount();
    expect((await put(clientadmin, NEW_USER_ID, { username: 'intruso', cliente_id: 'C00002' })).statusCode).toBe(404);
    expect((await put(clientadmin, ids.buyer2!, { username: 'buyer2', email: 'x@y.example' })).statusCode).toBe(404);
    expect(await userCount()).toBe(before);
    const email = await one<{ email: string }>(sql`select email from users where username = 'buyer2'`);
    expect(email?.email).toBe('buyer2@demo.example');
  });

  it('updates a user for an admin, moving it to the saved id', async () => {
    const user = await makeUser(t, 'viewer');
    const res = await put(admin, user.id, {
      username: user.username,
      email: 'consulta@taller.example',
      cliente_id: 'C00001',
      language: 'fr',
    });
    expect(res.json()).toEqual({ data: { id: user.id }, message: 'WARN_SaveOK' });
    const row = await one<{ email: string; language: string }>(
      sql`select email, language from users where id = ${user.id}`,
    );
    expect(row).toEqual({ email: 'consulta@taller.example', language: 'fr' });
  });
});

describe('POST /api/inuser/putuser/{id} (the profile)', () => {
  it('changes the caller’s language and password only when the current password is right', async () => {
    const user = await makeUser(t, 'buyer');
    // Never chosen (users.language holds the default 'es' all the same): no language, the screen keeps its own.
    expect((await call('GET', '/api/account/getUser', user.token)).json().language).toBeNull();
    const put = (body: object, id = user.id) => call('POST', `/api/inuser/putuser/${id}`, user.token, body);
    const wrong = await put({ language: 'en', currentPassword: 'nope-nope', newPassword: 'Otra-clave-larga-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('WARN_CurrentPasswordWrong');
    expect((await one<{ l: string }>(sql`select language as l from users where id = ${user.id}`))?.l).toBe('es');
    const missing = await put({ newPassword: 'Otra-clave-larga-9' });
    expect(missing.json().message).toBe('WARN_CurrentPasswordRequired');
    expect((await put({ language: 'en' }, ids.buyer!)).statusCode).toBe(404);
    const ok = await put({ language: 'en', currentPassword: TEST_USER_PASSWORD, newPassword: 'Otra-clave-larga-9' });
    expect(ok.statusCode).toBe(200);
    expect((await one<{ l: string }>(sql`select language as l from users where id = ${user.id}`))?.l).toBe('en');
    const again = await signIn(t.app, user.username, 'Otra-clave-larga-9');
    // The signed-in user's answer holds the profile's language: the web switches to it at sign-in.
    expect((await call('GET', '/api/account/getUser', again.access_token)).json().language).toBe('en');
  });

  it('keeps the language unchosen when a save leaves it out (only the password changed)', async () => {
    const user = await makeUser(t, 'buyer');
    const profile = await call('GET', '/api/inuser/getuser', user.token);
    expect(profile.json().data).toMatchObject({ language: 'es', language_chosen: false });
    const id = profile.json().data.id as string;
    // The user saves a new password with no language: nothing about the language is written.
    const saved = await call('POST', `/api/inuser/putuser/${id}`, user.token, {
      currentPassword: TEST_USER_PASSWORD,
      newPassword: 'Clave-de-perfil-7',
    });
    expect(saved.statusCode).toBe(200);
    const row = await one<{ l: string; c: boolean }>(
      sql`select language as l, language_chosen as c from users where id = ${user.id}`,
    );
    expect(row).toEqual({ l: 'es', c: false });
    const again = await signIn(t.app, user.username, 'Clave-de-perfil-7');
    expect((await call('GET', '/api/account/getUser', again.access_token)).json().language).toBeNull();
    // Saved with a language, even the stored one, it is chosen from then on.
    await call('POST', `/api/inuser/putuser/${id}`, again.access_token, { language: 'es' });
    expect((await call('GET', '/api/inuser/getuser', again.access_token)).json().data.language_chosen).toBe(true);
    expect((await call('GET', '/api/account/getUser', again.access_token)).json().language).toBe('es');
  });

  it('refuses another client’s address as the default', async () => {
    const address = await one<{ id: number }>(
      sql`select id from client_addresses where client_accountnum = 'C00002' limit 1`,
    );
    const res = await call('POST', '/api/inuser/putuser/profile', buyer, { addressdefault_recid: address!.id });
    expect(res.json().message).toBe('WARN_AddressNotOfClient');
  });
});

describe('the language the user chose (migration 0053): getUser gives it, the web switches to it at sign-in', () => {
  const create = async (username: string, language?: string) => {
    const body = { username, email: `${username}@taller.example`, ...(language ? { language } : {}) };
    const res = await call('POST', `/api/inuser/putuseradmin/${NEW_USER_ID}`, clientadmin, body);
    expect(res.statusCode).toBe(200);
    // The password a set-password link would give (the link itself is password-link.test's): buyer's.
    await t.database.db.execute(
      sql`update users set password_hash = (select password_hash from users where username = 'buyer')
           where username = ${username}`,
    );
    return res.json().data.id as string;
  };
  const languageAtSignIn = async (username: string) =>
    (await call('GET', '/api/account/getUser', (await signIn(t.app, username)).access_token)).json().language;

  it('is none for a new user, stays none through an admin’s edit that keeps it, and is what the profile saves', async () => {
    const id = await create('sin.idioma');
    expect(await languageAtSignIn('sin.idioma')).toBeNull();
    const edit = await call('POST', `/api/inuser/putuseradmin/${id}`, clientadmin, {
      username: 'sin.idioma',
      email: 'otro@taller.example',
      language: 'es',
    });
    expect(edit.statusCode).toBe(200);
    expect(await languageAtSignIn('sin.idioma')).toBeNull();
    const me = (await signIn(t.app, 'sin.idioma')).access_token;
    expect((await call('POST', '/api/inuser/putuser/profile', me, { language: 'pt' })).statusCode).toBe(200);
    expect(await languageAtSignIn('sin.idioma')).toBe('pt');
  });

  it('is the one an admin gives when creating a user with a language other than Spanish, or changing it', async () => {
    await create('con.frances', 'fr');
    expect(await languageAtSignIn('con.frances')).toBe('fr');
    const id = await create('cambiado');
    const edit = await call('POST', `/api/inuser/putuseradmin/${id}`, clientadmin, {
      username: 'cambiado',
      language: 'en',
    });
    expect(edit.statusCode).toBe(200);
    expect(await languageAtSignIn('cambiado')).toBe('en');
  });
});

describe('roles: getuserroles, putuserroles, getMyRoles', () => {
  it('lists every role in the language, checked where held, admin roles not editable by a client admin', async () => {
    expect((await call('GET', `/api/inuser/getuserroles/${ids.buyer}`, buyer)).statusCode).toBe(403);
    const roles = (await call('GET', `/api/inuser/getuserroles/${ids.buyer}?lang=en`, clientadmin)).json();
    const byName = Object.fromEntries(roles.map((r: { nombre: string }) => [r.nombre, r]));
    expect(byName.admin).toMatchObject({ sw_checked: false, editable: false, descripcion: 'General administration' });
    expect(byName.searchplate).toMatchObject({ sw_checked: true, editable: true });
    expect((await call('GET', `/api/inuser/getuserroles/${ids.buyer2}`, clientadmin)).statusCode).toBe(404);
  });

  it('refuses a client admin granting admin or client admin (403), writing nothing', async () => {
    for (const nombre of ['admin', 'clientadmin']) {
      const res = await call('POST', `/api/inuser/putuserroles/${ids['taller.ana']}`, clientadmin, {
        roles: [{ nombre, sw_checked: true }],
      });
      expect(res.statusCode).toBe(403);
    }
    const held = await testRows(
      t.database.db,
      sql`select 1 from user_roles where user_id = ${ids['taller.ana']!}
      and role_name in ('admin', 'clientadmin')`,
    );
    expect(held).toHaveLength(0);
  });

  it('saves the roles a client admin may grant, and an admin grants admin', async () => {
    const res = await call('POST', `/api/inuser/putuserroles/${ids['taller.consulta']}`, clientadmin, {
      roles: [{ nombre: 'searchplate', sw_checked: true }],
    });
    expect(res.json().message).toBe('WARN_SaveOK');
    const unknown = await call('POST', `/api/inuser/putuserroles/${ids['taller.consulta']}`, admin, {
      roles: [{ nombre: 'superuser', sw_checked: true }],
    });
    expect(unknown.json().message).toBe('WARN_RoleUnknown');
    const c2 = await makeUser(t, 'clientadmin');
    await call('POST', `/api/inuser/putuserroles/${c2.id}`, admin, {
      roles: [{ nombre: 'admin', sw_checked: true }],
    });
    expect((await call('GET', '/api/inuser/getMyRoles', c2.token)).json()).toEqual({
      roles: ['admin', 'clientadmin', 'permitirCompras'],
      rank: 2,
    });
    expect((await call('GET', '/api/inuser/getMyRoles', null)).statusCode).toBe(401);
  });
});

describe('stores: GetInventLocations, PutInventLocationsUser', () => {
  it('keeps the order given: the first is the default', async () => {
    const stores = await testRows<{ id: string }>(t.database.db, sql`select id from stores order by id desc limit 2`);
    const wanted = stores.map((s) => s.id);
    const put = await call('POST', `/api/inuser/PutInventLocationsUser/${buyerId}`, clientadmin, { stores: wanted });
    expect(put.statusCode).toBe(200);
    const list = (await call('GET', `/api/inuser/GetInventLocations/${buyerId}`, clientadmin)).json();
    expect(
      list.slice(0, 2).map((s: { INVENTLOCATIONID: string; position: number }) => [s.INVENTLOCATIONID, s.position]),
    ).toEqual([
      [wanted[0], 0],
      [wanted[1], 1],
    ]);
    expect(list.slice(2).every((s: { selected: boolean }) => !s.selected)).toBe(true);
    // The first is the user's home store (the cart's and the catalogue's), at once for a signed-in session.
    const home = (await call('GET', '/api/incheckout/getubicacioncod', buyer)).json();
    expect(home.ubicacion).toBe(wanted[0]);
    await call('POST', `/api/inuser/PutInventLocationsUser/${buyerId}`, clientadmin, { stores: [] });
    const client = await one<{ store_id: string }>(sql`select store_id from clients where accountnum = 'C00001'`);
    expect((await call('GET', '/api/incheckout/getubicacioncod', buyer)).json().ubicacion).toBe(client!.store_id);
  });

  it('refuses unknown and repeated stores, and another client’s user', async () => {
    const unknown = await call('POST', `/api/inuser/PutInventLocationsUser/${ids.buyer}`, admin, { stores: ['NOPE'] });
    expect(unknown.json().message).toBe('WARN_StoreUnknown');
    const twice = await call('POST', `/api/inuser/PutInventLocationsUser/${ids.buyer}`, admin, {
      stores: ['ZAZ01', 'ZAZ01'],
    });
    expect(twice.json().message).toBe('WARN_StoreRepeated');
    expect((await call('GET', `/api/inuser/GetInventLocations/${ids.buyer2}`, clientadmin)).statusCode).toBe(404);
  });
});

describe('address lists under /api/incheckout', () => {
  it('answers a new user’s client’s addresses with none selected, own client only for a client admin', async () => {
    const url = (client: string) =>
      `/api/incheckout/getaddrlistbyuser?id_user=${NEW_USER_ID}&id_cliente=${client}&includeName=true`;
    const res = (await call('GET', url('C00001'), clientadmin)).json();
    expect(res.selected).toBeNull();
    expect(res.addrlist).toHaveLength(3);
    expect(res.addrlist[0].label).toContain(' · ');
    expect((await call('GET', url('C00002'), clientadmin)).statusCode).toBe(404);
    expect((await call('GET', url('C00002'), admin)).json().addrlist.length).toBeGreaterThan(0);
    expect((await call('GET', url('C00002'), buyer)).statusCode).toBe(403);
  });

  it('answers a user’s addresses with its default selected', async () => {
    const address = await one<{ id: number }>(
      sql`select id from client_addresses where client_accountnum = 'C00001' order by id desc limit 1`,
    );
    await t.database.db.execute(sql`update users set address_default_id = ${address!.id} where username = 'buyer'`);
    const res = (await call('GET', `/api/incheckout/getaddrlistbyuser?id_user=${ids.buyer}`, clientadmin)).json();
    expect(res.selected).toBe(address!.id);
    expect((await call('GET', `/api/incheckout/getaddrlistbyuser?id_user=${ids.buyer2}`, clientadmin)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/incheckout/getaddrlistbyuser?id_user=${ids.buyer2}`, buyer)).statusCode).toBe(404);
  });
});

describe('ban toggle and force logout by a client admin', () => {
  it('bans and lifts the ban of the own client’s user, ending its sessions; another client’s user is 404', async () => {
    const victim = await makeUser(t, 'viewer');
    const ban = await call('POST', `/api/inuser/blockuser/${victim.id}`, clientadmin, { blocked: true });
    expect(ban.json()).toEqual({ result: true });
    expect((await call('GET', '/api/inuser/getuser', victim.token)).statusCode).toBe(401);
    expect((await call('POST', `/api/inuser/blockuser/${victim.id}`, clientadmin, { blocked: false })).json()).toEqual({
      result: false,
    });
    expect((await call('POST', `/api/inuser/blockuser/${ids.buyer2}`, clientadmin, { blocked: true })).statusCode).toBe(
      404,
    );
    expect((await one<{ b: boolean }>(sql`select banned as b from users where username = 'buyer2'`))?.b).toBe(false);
    expect((await call('POST', `/api/inuser/blockuser/${ids.buyer2}`, buyer, { blocked: true })).statusCode).toBe(403);
  });

  it('forces a logout of the own client’s user; another client’s user is 404', async () => {
    const victim = await makeUser(t, 'viewer');
    const res = await call('POST', `/api/inuser/forcelogout/${victim.id}`, clientadmin);
    expect(res.json()).toEqual({ message: 'WARN_ForceLogOut_Ok' });
    expect((await call('GET', '/api/inuser/getuser', victim.token)).statusCode).toBe(401);
    expect((await call('POST', `/api/inuser/forcelogout/${ids.buyer2}`, clientadmin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/inuser/deleteuser/{id}', () => {
  it('deletes a user without history; refuses one with web orders, oneself, and another client’s', async () => {
    const withOrders = await one<{ username: string; id: string }>(
      sql`select u.username, u.id::text from users u where u.client_accountnum = 'C00001'
           and exists (select 1 from web_orders w where w.user_id = u.id) order by u.username limit 1`,
    );
    expect(withOrders).toBeDefined();
    const refused = await call('DELETE', `/api/inuser/deleteuser/${withOrders!.id}`, clientadmin);
    expect(refused.json().message).toBe('WARN_UserHasHistory');
    expect((await call('DELETE', `/api/inuser/deleteuser/${clientadminId}`, clientadmin)).json().message).toBe(
      'WARN_CannotDeleteSelf',
    );
    expect((await call('DELETE', `/api/inuser/deleteuser/${ids.buyer2}`, clientadmin)).statusCode).toBe(404);
    const gone = await call('DELETE', `/api/inuser/deleteuser/${ids['taller.baja']}`, clientadmin);
    expect(gone.json()).toEqual({ message: 'WARN_DeleteOK' });
    expect(await one(sql`select 1 from users where username = 'taller.baja'`)).toBeUndefined();
  });
});
