import { DAILY_DOWNLOAD_LIMIT_SETTING } from '@portal/contract/documents';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { countRow } from '../db/rows.ts';
import { dayStart } from '../modules/reports/document-log.repository.ts';
import { testRows } from './rows.ts';
import { bearer, createTestApp, signIn, type TestApp } from './test-app.ts';

/** A row of `document_logs`, as the report tests compare it. */
const logRow = z.object({
  document_id: z.string(),
  document_type: z.number(),
  extension_cod: z.number(),
  client_id: z.string(),
  username: z.string(),
  user_id: z.string(),
});
export type LogRow = z.output<typeof logRow>;

/** The ids of a client's documents, in id order, for `firstIds`. */
const IDS_OF = {
  order: (client: string) =>
    sql`select sales_id as id from erp_sales_orders where client_accountnum = ${client} order by sales_id`,
  slip: (client: string) =>
    sql`select packing_slip_id as id from erp_packing_slips where client_accountnum = ${client} order by packing_slip_id`,
};

/**
 * The fixture of the document (report) API tests: an app on a fresh database with the demo data (`env` added to
 * its configuration), the demo `buyer`, `buyer2`, `admin` and `clientadmin` signed in, and the helpers to ask for
 * a document and read it. The fields are set once the file's `beforeAll` has run; a test that moves the clock a day
 * on signs in again with `token` and stores the new token in the field.
 */
export function reportsSuite(env: Record<string, string> = {}) {
  const s = {
    t: undefined as unknown as TestApp,
    buyer: '',
    buyer2: '',
    admin: '',
    clientadmin: '',
    /** A fresh access token of a demo user. */
    token: async (username: string) => (await signIn(s.t.app, username)).access_token,
    /** Rows a test reads to assert on (unchecked, test/rows.ts). */
    rows: <T>(query: SQL) => testRows<T>(s.t.database.db, query),
    get: (url: string, token?: string, headers: Record<string, string> = {}) =>
      s.t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } }),
    post: (url: string, token: string, payload: Record<string, string>) =>
      s.t.app.inject({ method: 'POST', url, headers: bearer(token), payload }),
    /** The ids of client `client`'s first `n` orders or packing slips (by id, skipping `offset`); all `n` must exist. */
    firstIds: async (kind: keyof typeof IDS_OF, client: string, n = 1, offset = 0) => {
      const ids = (
        await queryRows(
          s.t.database.db,
          sql`${IDS_OF[kind](client)} limit ${n} offset ${offset}`,
          z.object({ id: z.string() }),
        )
      ).map((r) => r.id);
      if (ids.length !== n) throw new Error(`${client} has ${ids.length} of the ${n} ${kind}s asked for`);
      return ids;
    },
    /** The id of client `client`'s first order or packing slip (by id, skipping `offset`). */
    firstId: async (kind: keyof typeof IDS_OF, client: string, offset = 0) =>
      (await s.firstIds(kind, client, 1, offset))[0]!,
    pdfText,
    workbook,
    /** The document log rows of a user, oldest first. */
    logRows: (userName: string) =>
      queryRows(
        s.t.database.db,
        sql`select document_id, document_type::int, extension_cod::int, client_id, username, user_id::text
              from document_logs where username = ${userName} order by id`,
        logRow,
      ),
    /** How many documents a user has asked for today (what the daily limit counts; older rows are not counted). */
    usedToday: async (userName: string) =>
      (
        await queryRows(
          s.t.database.db,
          sql`select count(*)::int as n from document_logs
               where username = ${userName} and fecha >= ${dayStart(s.t.clock.now())}`,
          countRow,
        )
      )[0]!.n,
    setLimit: (n: number) =>
      s.t.database.db.execute(
        sql`update app_settings set value = ${String(n)} where key = ${DAILY_DOWNLOAD_LIMIT_SETTING}`,
      ),
    /** printreport then the file: the URL answer and the download. */
    download: async (token: string, id: string, tipoInforme: string, tipoFormato: string, extra = '') => {
      const res = await s.get(
        `/api/inprintreport/printreport/${encodeURIComponent(id)}?tipoInforme=${tipoInforme}&tipoFormato=${tipoFormato}${extra}`,
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json() as { url: string };
      expect(url).toMatch(/^\/api\/download\/file\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
      const file = await s.get(url);
      return { url, file };
    },
  };
  beforeAll(async () => {
    s.t = await createTestApp(env);
    s.buyer = await s.token('buyer');
    s.buyer2 = await s.token('buyer2');
    s.admin = await s.token('admin');
    s.clientadmin = await s.token('clientadmin');
  });
  afterAll(() => s.t.close());
  return s;
}

/** The text of a PDF. */
export async function pdfText(payload: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** An Excel file, read. */
export async function workbook(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb;
}
