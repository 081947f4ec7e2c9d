import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSorted, filters, gridClient } from '../../test/grid-checks.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let buyer: string;
let clientadmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  clientadmin = (await makeUser(t, 'clientadmin')).token;
  // A row whose texts a spreadsheet would run as formulas, and one of each code for this user name.
  await t.database.db.execute(sql`
    insert into user_logs (username, client_id, message_cod, fecha, ipaddress, machinename, useragent, data)
    values ('=HYPERLINK("http://evil.example","x")', null, 1, now() - interval '2 days', '203.0.113.9', 'm', '@ua', '+1'),
           ('logtest', 'C00001', 2, now() - interval '3 days', '203.0.113.10', 'm', 'ua', null),
           ('logtest', 'C00001', 3, now() - interval '4 days', '203.0.113.10', 'm', 'ua', null)`);
});
afterAll(() => t.close());

const grid = () => gridClient(t.app, '/api/inuser/GetUserLogsJqGrid');
const count = async (table: 'user_logs' | 'document_logs') =>
  (await testRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

async function workbook(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d\d-\d\d\.xlsx"$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('GET /api/inuser/GetUserLogsJqGrid', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inuser/GetUserLogsJqGrid' })).statusCode).toBe(401);
    expect((await grid()(buyer)).status).toBe(403);
    expect((await grid()(clientadmin)).status).toBe(403);
    expect((await grid()(admin)).status).toBe(200);
  });

  it('is newest first by default, ten rows a page, with every column', async () => {
    const { body } = await grid()(admin);
    expect(body.rows).toHaveLength(10);
    // More than 3,000 rows: counted up to 1,000 for pages of 10, and said to be more.
    expect(body.records).toBe(1000);
    expect(body.more).toBe(true);
    const byHundred = await grid()(admin, { rows: 1000 });
    expect(byHundred.body.records).toBeGreaterThan(3000);
    expect(byHundred.body.more).toBeUndefined();
    expectSorted(body.rows, 'fecha', 'text', 'id', 'desc', 'number');
    expect(Object.keys(body.rows[0]!).sort()).toEqual(
      ['client_id', 'data', 'fecha', 'id', 'ipaddress', 'machinename', 'message_Cod', 'useragent', 'username'].sort(),
    );
  });

  it('pages by 10, 100, 1000 and 10000 rows, and refuses other sizes', async () => {
    for (const rows of [100, 1000]) expect((await grid()(admin, { rows })).body.rows).toHaveLength(rows);
    const all = await grid()(admin, { rows: 10000 });
    expect(all.status).toBe(200);
    expect(all.body.rows).toHaveLength(all.body.records);
    expectSorted(all.body.rows, 'fecha', 'text', 'id', 'desc', 'number');
    for (const rows of [20, 30, 500]) {
      const res = await grid()(admin, { rows });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('WARN_ValidationError');
    }
  });

  it('filters by code, user name and client, and sorts by the allowed columns', async () => {
    const blocked = await grid()(admin, {
      filters: filters([{ field: 'message_Cod', op: 'eq', data: '2' }]),
      rows: 100,
    });
    expect(blocked.body.records).toBeGreaterThan(0);
    for (const r of blocked.body.rows) expect(r.message_Cod).toBe(2);
    const mine = await grid()(admin, {
      filters: filters([
        { field: 'username', op: 'cn', data: 'logtes' },
        { field: 'client_id', op: 'eq', data: 'C00001' },
      ]),
    });
    expect(mine.body.rows.map((r) => [r.username, r.message_Cod])).toEqual([
      ['logtest', 2],
      ['logtest', 3],
    ]);
    const byUser = await grid()(admin, { sidx: 'username', sord: 'asc', rows: 100 });
    expectSorted(byUser.body.rows, 'username', 'text', 'id', 'asc', 'number');
  });

  it('refuses an unknown column, an operator of another type and a column that does not sort', async () => {
    const bad = [
      { filters: filters([{ field: 'password', op: 'eq', data: 'x' }]) },
      { filters: filters([{ field: 'message_Cod', op: 'cn', data: '2' }]) },
      { filters: filters([{ field: 'message_Cod', op: 'eq', data: 'dos' }]) },
      { sidx: 'useragent' },
    ];
    for (const params of bad) {
      const res = await grid()(admin, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.message).toBe('WARN_ValidationError');
    }
  });
});

describe('Excel exports of the logs', () => {
  it('are for admins only', async () => {
    for (const url of ['/api/inuser/GetUserLogsExcel', '/api/insettings/GetLogDocumentsExcel']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(buyer) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(clientadmin) })).statusCode).toBe(403);
    }
  });

  it('export the filtered sign-in log with the codes in words, in the order of the grid', async () => {
    const f = filters([{ field: 'message_Cod', op: 'eq', data: '2' }]);
    const answer = await grid()(admin, { filters: f, rows: 10000 });
    const sheet = await workbook(`/api/inuser/GetUserLogsExcel?filters=${encodeURIComponent(f)}&lang=en`, admin);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date',
      'User',
      'Client',
      'Result',
      'IP',
      'Machine',
      'User agent',
      'Data',
    ]);
    expect(sheet.rowCount - 1).toBe(answer.body.records);
    for (let i = 2; i <= sheet.rowCount; i++) expect(sheet.getRow(i).getCell(4).value).toBe('Blocked user');
    expect(sheet.getRow(2).getCell(2).value).toBe(answer.body.rows[0]!.username);
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  });

  it('write risky texts as text, never as formulas', async () => {
    const f = filters([{ field: 'ipaddress', op: 'eq', data: '203.0.113.9' }]);
    const sheet = await workbook(`/api/inuser/GetUserLogsExcel?filters=${encodeURIComponent(f)}`, admin);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(row.getCell(2).numFmt).toBe('@');
    expect(row.getCell(7).value).toBe('@ua');
    expect(row.getCell(8).value).toBe('+1');
    expect(row.getCell(4).value).toBe('Error');
  });

  it('export the filtered document log in Spanish by default', async () => {
    const f = filters([{ field: 'Document_Type', op: 'eq', data: '3' }]);
    const grid3 = gridClient(t.app, '/api/insettings/GetLogDocumentsJqGrid');
    const answer = await grid3(admin, { filters: f });
    const sheet = await workbook(`/api/insettings/GetLogDocumentsExcel?filters=${encodeURIComponent(f)}`, admin);
    expect(sheet.getRow(1).getCell(2).value).toBe('Documento');
    expect(sheet.rowCount - 1).toBe(answer.body.records);
    expect(sheet.getRow(2).getCell(2).value).toBe(answer.body.rows[0]!.Document_Id);
    for (let i = 2; i <= sheet.rowCount; i++) expect(sheet.getRow(i).getCell(3).value).toBe('Factura');
  });

  it('refuse a bad filter with a 400 and write nothing', async () => {
    const before = [await count('user_logs'), await count('document_logs')];
    const f = encodeURIComponent(filters([{ field: 'nope', op: 'eq', data: '1' }]));
    for (const url of ['/api/inuser/GetUserLogsExcel', '/api/insettings/GetLogDocumentsExcel']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?filters=${f}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('WARN_ValidationError');
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/inuser/GetUserLogsExcel?lang=xx',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect([await count('user_logs'), await count('document_logs')]).toEqual(before);
  });
});
