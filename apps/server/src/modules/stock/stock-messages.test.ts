import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/** Stock messages between stores (issue 16; decision 0041). */
let t: TestApp;
let admin: string;
let clientAdmin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  clientAdmin = (await makeUser(t, 'clientadmin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };
const P = '/api/instockmessages';
const call = (token: string | null, c: Call) =>
  t.app.inject({ method: c.method, url: c.url, headers: token ? bearer(token) : {}, payload: c.payload });

type Row = { id: number; origin_store_id: string; destination_store_id: string; message: string; active: boolean };
const allRows = () =>
  testRows<Row>(
    t.database.db,
    sql`select id, origin_store_id, destination_store_id, message, active from stock_messages order by id`,
  );
/** Makes certain that the pair has no message. */
const clearPair = (origin: string, destination: string) =>
  t.database.db.execute(
    sql`delete from stock_messages where origin_store_id = ${origin} and destination_store_id = ${destination}`,
  );
/** Makes certain that the pair has a message, and returns its id. */
async function ensurePair(origin: string, destination: string, message = 'Mensaje de prueba') {
  const rows = await testRows<{ id: number }>(
    t.database.db,
    sql`insert into stock_messages (origin_store_id, destination_store_id, message) values (${origin}, ${destination}, ${message})
        on conflict (origin_store_id, destination_store_id) do update set message = excluded.message returning id`,
  );
  return rows[0]!.id;
}

describe('authorization', () => {
  const calls: Call[] = [
    { method: 'GET', url: `${P}/getstockmessages` },
    { method: 'GET', url: `${P}/getstockmessage/1` },
    { method: 'POST', url: `${P}/addnewmessage`, payload: { origen: 'MAD01', destino: 'BCN01', mensaje: 'x' } },
    {
      method: 'POST',
      url: `${P}/updatemessage`,
      payload: { id: 1, origen: 'MAD01', destino: 'BCN01', mensaje: 'x', activo: true },
    },
    { method: 'DELETE', url: `${P}/deletefromstockmessages/1` },
    { method: 'GET', url: `${P}/getubicaciones` },
    { method: 'GET', url: `${P}/getreturninventlocations` },
  ];
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const c of calls) expect((await call(null, c)).statusCode, c.url).toBe(401);
  });
  it('answers 403 to a client admin and a buyer, and nothing is written', async () => {
    const before = await allRows();
    for (const token of [clientAdmin, buyer]) {
      for (const c of calls) expect((await call(token, c)).statusCode, c.url).toBe(403);
    }
    expect(await allRows()).toEqual(before);
  });
});

describe('reading', () => {
  it('lists every message with both store names, and one store’s as origin or destination', async () => {
    const res = await call(admin, { method: 'GET', url: `${P}/getstockmessages` });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { Id: number; InventLocationOrigenId: string; InventLocationDestineId: string }[];
    expect(list).toHaveLength((await allRows()).length);
    // The demo has messages between several pairs.
    expect(new Set(list.map((m) => `${m.InventLocationOrigenId}>${m.InventLocationDestineId}`)).size).toBeGreaterThan(
      5,
    );
    expect(list[0]).toMatchObject({ InventLocationOrigenName: expect.any(String), SW_Activo: expect.any(Boolean) });
    const mad = (
      await call(admin, { method: 'GET', url: `${P}/getstockmessages?ubicacion=MAD01` })
    ).json() as typeof list;
    expect(mad.length).toBeGreaterThan(0);
    expect(mad.length).toBeLessThan(list.length);
    for (const m of mad) expect([m.InventLocationOrigenId, m.InventLocationDestineId]).toContain('MAD01');
  });

  it('reads one message, and 404 for an unknown id; 400 for a bad id', async () => {
    const id = await ensurePair('VLC01', 'SVQ01', 'De Valencia a Sevilla en 48 h.');
    const res = await call(admin, { method: 'GET', url: `${P}/getstockmessage/${id}` });
    expect(res.json()).toEqual({
      Id: id,
      InventLocationOrigenId: 'VLC01',
      InventLocationOrigenName: 'Almacén Valencia',
      InventLocationDestineId: 'SVQ01',
      InventLocationDestineName: expect.any(String),
      Mensaje: 'De Valencia a Sevilla en 48 h.',
      SW_Activo: true,
    });
    expect((await call(admin, { method: 'GET', url: `${P}/getstockmessage/999999` })).statusCode).toBe(404);
    expect((await call(admin, { method: 'GET', url: `${P}/getstockmessage/abc` })).statusCode).toBe(400);
  });

  it('lists the stores, and those that receive returns (with a returns e-mail)', async () => {
    const stores = (await call(admin, { method: 'GET', url: `${P}/getubicaciones` })).json() as { id: string }[];
    const count = await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stores`);
    expect(stores).toHaveLength(count[0]!.n);
    await t.database.db.execute(sql`update stores set return_email = null where id = 'AGP01'`);
    const returns = (await call(admin, { method: 'GET', url: `${P}/getreturninventlocations` })).json() as {
      id: string;
    }[];
    expect(returns.map((s) => s.id)).not.toContain('AGP01');
    expect(returns).toHaveLength(stores.length - 1);
  });
});

describe('addnewmessage', () => {
  it('adds an active message and answers 1; the same pair again is WARN_MessageDuplicated and not written', async () => {
    await clearPair('MAD01', 'BIO01');
    const add = { method: 'POST' as const, url: `${P}/addnewmessage` };
    const res = await call(admin, {
      ...add,
      payload: { origen: 'MAD01', destino: 'BIO01', mensaje: '  Llega en 48 h.  ', ubicacion: 'MAD01' },
    });
    expect(res.statusCode).toBe(200);
    const { result, id } = res.json() as { result: number; id: number };
    expect(result).toBe(1);
    const rows = await allRows();
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      origin_store_id: 'MAD01',
      destination_store_id: 'BIO01',
      message: 'Llega en 48 h.',
      active: true,
    });
    const again = await call(admin, { ...add, payload: { origen: 'MAD01', destino: 'BIO01', mensaje: 'Otro' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'WARN_MessageDuplicated', result: 'WARN_MessageDuplicated' });
    expect(await allRows()).toEqual(rows);
  });

  it('refuses bad input with the rule’s key, writing nothing', async () => {
    const before = await allRows();
    const cases: [object, string][] = [
      [{ origen: '', destino: 'BIO01', mensaje: 'x' }, 'MSG_RulesStoreRequired'],
      [{ destino: 'BIO01', mensaje: 'x' }, 'MSG_RulesStoreRequired'],
      [{ origen: 'MAD01', destino: 'MAD01', mensaje: 'x' }, 'MSG_RulesSameStore'],
      [{ origen: 'MAD01', destino: 'BIO01', mensaje: '   ' }, 'MSG_RulesMessageRequired'],
      [{ origen: 'MAD01', destino: 'BIO01', mensaje: 'x'.repeat(501) }, 'MSG_RulesMessageTooLong'],
      [{ origen: 'NOPE1', destino: 'BIO01', mensaje: 'x' }, 'MSG_RulesStoreUnknown'],
    ];
    for (const [payload, key] of cases) {
      const res = await call(admin, { method: 'POST', url: `${P}/addnewmessage`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(key);
    }
    expect(await allRows()).toEqual(before);
  });

  it('lets exactly one of two admins adding the same pair at once succeed (the database’s constraint)', async () => {
    await clearPair('ZAZ01', 'VLL01');
    const before = (await allRows()).length;
    const payload = (n: number) => ({ origen: 'ZAZ01', destino: 'VLL01', mensaje: `Mensaje ${n}` });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => call(admin, { method: 'POST', url: `${P}/addnewmessage`, payload: payload(n) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await allRows()).length).toBe(before + 1);
  });
});

describe('updatemessage', () => {
  it('changes the text, the stores and the active flag, answering 1', async () => {
    await clearPair('BCN01', 'AGP01');
    await clearPair('BCN01', 'VLC01');
    const id = await ensurePair('BCN01', 'AGP01');
    const res = await call(admin, {
      method: 'POST',
      url: `${P}/updatemessage`,
      payload: { id, origen: 'BCN01', destino: 'VLC01', mensaje: 'Nuevo texto', activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 1 });
    expect((await allRows()).find((r) => r.id === id)).toEqual({
      id,
      origin_store_id: 'BCN01',
      destination_store_id: 'VLC01',
      message: 'Nuevo texto',
      active: false,
    });
    // An inactive message is no longer shown in the cart (ShowMessage reads active ones only).
    const shown = await call(buyer, { method: 'GET', url: '/api/incheckout/ShowMessage?origen=BCN01' });
    expect(JSON.stringify(shown.json())).not.toContain('Nuevo texto');
  });

  it('answers 409 with result 0, "Ya existe mensaje para esos almacenes", onto a pair that has a message', async () => {
    const a = await ensurePair('SVQ01', 'MAD01', 'A');
    await ensurePair('SVQ01', 'BCN01', 'B');
    const before = await allRows();
    const res = await call(admin, {
      method: 'POST',
      url: `${P}/updatemessage`,
      payload: { id: a, origen: 'SVQ01', destino: 'BCN01', mensaje: 'A', activo: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ result: 0, message: 'MSG_StockMessageExists', title: 'MSG_ErrorTitle' });
    expect(await allRows()).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for bad input, writing nothing', async () => {
    const before = await allRows();
    const base = { origen: 'MAD01', destino: 'BIO01', mensaje: 'x', activo: true };
    const unknown = await call(admin, { method: 'POST', url: `${P}/updatemessage`, payload: { ...base, id: 999999 } });
    expect(unknown.statusCode).toBe(404);
    const id = before[0]!.id;
    for (const [payload, key] of [
      [{ ...base, id, destino: 'MAD01' }, 'MSG_RulesSameStore'],
      [{ ...base, id, mensaje: '' }, 'MSG_RulesMessageRequired'],
      [{ ...base, id, destino: 'XXX99' }, 'MSG_RulesStoreUnknown'],
    ] as const) {
      const res = await call(admin, { method: 'POST', url: `${P}/updatemessage`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(key);
    }
    const noFlag = await call(admin, {
      method: 'POST',
      url: `${P}/updatemessage`,
      payload: { ...base, id, activo: 'x' },
    });
    expect(noFlag.statusCode).toBe(400);
    expect(await allRows()).toEqual(before);
  });
});

describe('deletefromstockmessages', () => {
  it('deletes a message (WARN_DeleteOK), then 404', async () => {
    const id = await ensurePair('AGP01', 'VLL01');
    const res = await call(admin, { method: 'DELETE', url: `${P}/deletefromstockmessages/${id}` });
    expect(res.json()).toEqual({ message: 'WARN_DeleteOK', id });
    expect((await allRows()).some((r) => r.id === id)).toBe(false);
    expect((await call(admin, { method: 'DELETE', url: `${P}/deletefromstockmessages/${id}` })).statusCode).toBe(404);
  });
});
