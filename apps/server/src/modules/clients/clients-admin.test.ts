import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let clientadmin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  clientadmin = (await makeUser(t, 'clientadmin')).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
const one = async <T>(query: ReturnType<typeof sql>) => (await testRows<T>(t.database.db, query))[0];
const filters = (rules: object[]) => encodeURIComponent(JSON.stringify({ groupOp: 'AND', rules }));

describe('GET /api/inclient/GetClientesJqGrid', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/inclient/GetClientesJqGrid', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/inclient/GetClientesJqGrid', clientadmin)).statusCode).toBe(403);
  });

  it('pages the clients by account number, filtered by each toolbar field', async () => {
    const page = (await call('GET', '/api/inclient/GetClientesJqGrid?rows=10', admin)).json();
    const accounts = page.rows.map((r: { ACCOUNTNUM: string }) => r.ACCOUNTNUM);
    expect(accounts).toEqual([...accounts].sort());
    expect(Object.keys(page.rows[0]).sort()).toEqual([
      'ACCOUNTNUM',
      'ALMACEN',
      'BLOQTODO',
      'BOQPEDIDO',
      'NAME',
      'NOMCOMERCIAL',
    ]);
    const blocked = (
      await call(
        'GET',
        `/api/inclient/GetClientesJqGrid?_search=true&filters=${filters([{ field: 'BLOQTODO', op: 'eq', data: 'true' }])}`,
        admin,
      )
    ).json();
    expect(blocked.rows.map((r: { ACCOUNTNUM: string }) => r.ACCOUNTNUM)).toContain('C90001');
    expect(blocked.rows.every((r: { BLOQTODO: boolean }) => r.BLOQTODO)).toBe(true);
    const named = (
      await call(
        'GET',
        `/api/inclient/GetClientesJqGrid?_search=true&filters=${filters([{ field: 'NAME', op: 'cn', data: 'garcía' }])}`,
        admin,
      )
    ).json();
    expect(named.rows.map((r: { ACCOUNTNUM: string }) => r.ACCOUNTNUM)).toContain('C00001');
    const bad = await call(
      'GET',
      `/api/inclient/GetClientesJqGrid?_search=true&filters=${filters([{ field: 'tax_id', op: 'eq', data: 'x' }])}`,
      admin,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('getclient, getnewclient', () => {
  it('answers a client with its addresses and users; an unknown one is 404', async () => {
    const res = (await call('GET', '/api/inclient/getclient/C00001', admin)).json();
    expect(res).toMatchObject({ accountnum: 'C00001', isnew: false, es_plate: true, bloqtodo: false });
    expect(res.addresses).toHaveLength(3);
    expect(res.users).toBeGreaterThanOrEqual(5);
    expect((await call('GET', '/api/inclient/getclient/NOPE1', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/inclient/getclient/C00001', clientadmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/inclient/getclient/bad%20id', admin)).statusCode).toBe(400);
  });

  it('answers a blank client for a new account number', async () => {
    const res = (await call('GET', '/api/inclient/getnewclient/N00001', admin)).json();
    expect(res).toMatchObject({ accountnum: 'N00001', isnew: true, name: '', users: 0 });
  });
});

describe('PUT /api/inclient/putcliente/{accountnum}', () => {
  const base = async (accountnum: string) => {
    const c = (await call('GET', `/api/inclient/getclient/${accountnum}`, admin)).json();
    const { accountnum: _a, isnew: _n, addresses: _ad, users: _u, pendingRequests: _p, ...body } = c;
    return body;
  };

  it('saves the portal’s settings at once (email 0)', async () => {
    const body = { ...(await base('C00003')), fr_plate: true, it_plate: true, boqpedido: true, almacen: 'ZAZ01' };
    const res = await call('PUT', '/api/inclient/putcliente/C00003', admin, body);
    expect(res.json()).toEqual({ accountnum: 'C00003', email: 0, message: 'WARN_SaveOK' });
    const row = await one(
      sql`select fr_plate, it_plate, orders_blocked, store_id from clients where accountnum = 'C00003'`,
    );
    expect(row).toEqual({ fr_plate: true, it_plate: true, orders_blocked: true, store_id: 'ZAZ01' });
  });

  it('turns a change of ERP data into an e-mailed request (email 1) and keeps the mirrored data', async () => {
    const body = await base('C00004');
    const res = await call('PUT', '/api/inclient/putcliente/C00004', admin, { ...body, name: 'Nombre Nuevo, S.A.' });
    expect(res.json()).toEqual({ accountnum: 'C00004', email: 1, message: 'MSG_ClientChangeRequested' });
    expect((await one<{ name: string }>(sql`select name from clients where accountnum = 'C00004'`))?.name).toBe(
      body.name,
    );
    const request = await one<{ changes: { name: { to: string } }; emailed_to: string }>(
      sql`select changes, emailed_to from client_change_requests where client_accountnum = 'C00004'`,
    );
    expect(request?.changes.name.to).toBe('Nombre Nuevo, S.A.');
    const mail = await one<{ body: string }>(
      sql`select body from mail_outbox where recipient = ${request!.emailed_to} and subject like '%C00004%'`,
    );
    expect(mail?.body).toContain('Nombre Nuevo, S.A.');
    expect((await call('GET', '/api/inclient/getclient/C00004', admin)).json().pendingRequests).toBe(1);
  });

  it('refuses bad input and writes nothing', async () => {
    const body = await base('C00005');
    const before = await one(sql`select * from clients where accountnum = 'C00005'`);
    const badMail = await call('PUT', '/api/inclient/putcliente/C00005', admin, {
      ...body,
      email: 'nope',
      es_plate: !body.es_plate,
    });
    expect(badMail.json().message).toBe('WARN_EmailInvalid');
    const badStore = await call('PUT', '/api/inclient/putcliente/C00005', admin, {
      ...body,
      almacen: 'NOPE',
      es_plate: !body.es_plate,
    });
    expect(badStore.json().message).toBe('WARN_StoreUnknown');
    const noName = await call('PUT', '/api/inclient/putcliente/C00005', admin, { ...body, name: ' ' });
    expect(noName.json().message).toBe('WARN_ClientNameRequired');
    expect(await one(sql`select * from clients where accountnum = 'C00005'`)).toEqual(before);
    expect((await call('PUT', '/api/inclient/putcliente/C00005', clientadmin, body)).statusCode).toBe(403);
  });

  it('creates a new client, and a total block ends its users’ sessions', async () => {
    const created = await call('PUT', '/api/inclient/putcliente/N00002', admin, {
      name: 'Taller Nuevo, S.L.',
      almacen: 'ZAZ01',
    });
    expect(created.json()).toMatchObject({ accountnum: 'N00002', email: 0 });
    const buyer2 = await makeUser(t, 'buyer', { client: 'C00002' });
    expect((await call('GET', '/api/inuser/getuser', buyer2.token)).statusCode).toBe(200);
    const body = { ...(await base('C00002')), bloqtodo: true };
    expect((await call('PUT', '/api/inclient/putcliente/C00002', admin, body)).json().email).toBe(0);
    expect((await call('GET', '/api/inuser/getuser', buyer2.token)).statusCode).toBe(401);
    await call('PUT', '/api/inclient/putcliente/C00002', admin, { ...body, bloqtodo: false });
  });
});

describe('DELETE /api/inclient/deleteclient/{id}', () => {
  it('refuses a client with history and deletes one without', async () => {
    const refused = await call('DELETE', '/api/inclient/deleteclient/C00001', admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('WARN_ClientHasHistory');
    expect(await one(sql`select 1 from clients where accountnum = 'C00001'`)).toBeDefined();
    await call('PUT', '/api/inclient/putcliente/N00003', admin, { name: 'Para borrar, S.L.' });
    expect((await call('DELETE', '/api/inclient/deleteclient/N00003', clientadmin)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/inclient/deleteclient/N00003', admin)).json()).toEqual({
      message: 'WARN_DeleteOK',
    });
    expect(await one(sql`select 1 from clients where accountnum = 'N00003'`)).toBeUndefined();
    expect((await call('DELETE', '/api/inclient/deleteclient/N00003', admin)).statusCode).toBe(404);
  });
});

describe('POST /api/inclient/forcelogouts/{id}', () => {
  // A type-0 logout of C00001 ends the client administrator's session too: each test after it starts with one again.
  afterEach(async () => {
    clientadmin = (await makeUser(t, 'clientadmin')).token;
  });

  it('type 0 ends the sessions of every user of the client', async () => {
    const buyer = await makeUser(t, 'plateBuyer');
    const ana = await makeUser(t, 'buyer');
    const res = await call('POST', '/api/inclient/forcelogouts/C00001?type=0', admin);
    expect(res.json().message).toBe('WARN_ForceLogOut_Ok');
    expect(res.json().affected).toBeGreaterThanOrEqual(5);
    for (const token of [buyer.token, ana.token]) {
      expect((await call('GET', '/api/inuser/getuser', token)).statusCode).toBe(401);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token',
      payload: `grant_type=refresh_token&refresh_token=${buyer.refreshToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('type 1 spends the client’s unspent invoice download links, and only those', async () => {
    const user = await makeUser(t, 'plateBuyer');
    await t.database.db.execute(sql`insert into document_logs (document_id, document_type, extension_cod, user_id, username, client_id)
      values ('FV-TEST-1', 3, 0, ${user.id}, ${user.username}, 'C00001'), ('PV-TEST-1', 1, 0, ${user.id}, ${user.username}, 'C00001')`);
    const res = await call('POST', '/api/inclient/forcelogouts/C00001', admin, { type: 1 });
    expect(res.json().affected).toBeGreaterThanOrEqual(1);
    const rows = await testRows<{ document_id: string; spent: boolean }>(
      t.database.db,
      sql`select document_id, downloaded_at is not null as spent from document_logs where document_id in ('FV-TEST-1', 'PV-TEST-1') order by document_id`,
    );
    expect(rows).toEqual([
      { document_id: 'FV-TEST-1', spent: true },
      { document_id: 'PV-TEST-1', spent: false },
    ]);
  });

  it('is for admins, and an unknown client is 404', async () => {
    expect((await call('POST', '/api/inclient/forcelogouts/C00001?type=0', clientadmin)).statusCode).toBe(403);
    expect((await call('POST', '/api/inclient/forcelogouts/NOPE1?type=0', admin)).statusCode).toBe(404);
    expect((await call('POST', '/api/inclient/forcelogouts/C00001?type=7', admin)).statusCode).toBe(400);
  });
});
