import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import { businessTimeZone } from '../lib/business-time.sql.ts';

/**
 * Packing slips (and an invoice) made certain for the returns tests: `PS-RT-<tag>-1` delivered two days ago to
 * C00001 (line 1: 5 units, line 2: 1 unit, line 3: 3 units), `PS-RT-<tag>-OLD` delivered 40 days ago (past the
 * window), `PS-RT-<tag>-B2` delivered to C00002, and invoice `FV-RT-<tag>` whose line 1 is the sales line that
 * `PS-RT-<tag>-1` line 3 delivered.
 */
export async function makeReturnDocuments(db: Db, tag: string) {
  const [store] = await queryRows(
    db,
    sql`select id, name, return_email from stores where return_email is not null order by id limit 1`,
    z.object({ id: z.string(), name: z.string(), return_email: z.string() }),
  );
  const slip = (id: string, client: string, daysAgo: number) => sql`
    insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date, customer_ref,
      store_id, store_name, delivery_name, dlv_mode, employee_name)
    values (${id}, ${client}, ${`Cliente ${client}`}, (now() at time zone ${businessTimeZone})::date - ${daysAgo}::int,
      'REF-RT', ${store!.id}, ${store!.name}, 'Taller', 'RUTA', 'Empleado')`;
  const line = (id: string, client: string, no: number, qty: number, sales: string) => sql`
    insert into erp_packing_slip_lines (packing_slip_id, line_no, client_accountnum, sales_id, sales_line_no,
      article_id, item_id, name, quantity)
    values (${id}, ${no}, ${client}, ${sales}, ${no}, null, ${`RT${no}00${tag}`}, ${`Pieza de prueba ${no}`}, ${qty})`;
  const ids = {
    slip: `PS-RT-${tag}-1`,
    old: `PS-RT-${tag}-OLD`,
    other: `PS-RT-${tag}-B2`,
    invoice: `FV-RT-${tag}`,
    sales: `SO-RT-${tag}`,
    store: store!,
  };
  await db.execute(slip(ids.slip, 'C00001', 2));
  await db.execute(line(ids.slip, 'C00001', 1, 5, ids.sales));
  await db.execute(line(ids.slip, 'C00001', 2, 1, ids.sales));
  await db.execute(line(ids.slip, 'C00001', 3, 3, ids.sales));
  await db.execute(slip(ids.old, 'C00001', 40));
  await db.execute(line(ids.old, 'C00001', 1, 4, `${ids.sales}-O`));
  await db.execute(slip(ids.other, 'C00002', 2));
  await db.execute(line(ids.other, 'C00002', 1, 2, `${ids.sales}-B`));
  await db.execute(sql`
    insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date, employee_name,
      net_amount, vat_amount, total_amount)
    values (${ids.invoice}, 'C00001', 'Cliente C00001', current_date, current_date, 'Empleado', 30, 6.3, 36.3)`);
  await db.execute(sql`
    insert into erp_invoice_lines (invoice_id, line_no, client_accountnum, sales_id, sales_line_no, article_id, item_id,
      name, quantity, sales_price, line_amount, vat_pct, vat_amount)
    values (${ids.invoice}, 1, 'C00001', ${ids.sales}, 3, null, ${`RT300${tag}`}, 'Pieza de prueba 3', 3, 10, 30, 21, 6.3)`);
  await db.execute(
    sql`insert into erp_packing_slip_invoices (packing_slip_id, invoice_id) values (${ids.slip}, ${ids.invoice})`,
  );
  await db.execute(sql`
    insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct, line_amount)
    values (${ids.sales}, 1, null, ${`RT100${tag}`}, 'Pieza de prueba 1', 5, 12.5, 20, 50),
           (${ids.sales}, 3, null, ${`RT300${tag}`}, 'Pieza de prueba 3', 3, 10, 0, 30)`);
  return ids;
}

export const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

/** A tiny PDF (its bytes start with %PDF-). */
export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** An ISO base media box: its size, its type, its body. */
const box = (type: string, body: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
};
/** The boxes of a HEIC picture (ftyp with brand heic, meta, mdat) with filler for the picture's data. */
export const heic = () =>
  Buffer.concat([
    box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
    box('meta', Buffer.alloc(120, 0)),
    box('mdat', Buffer.alloc(2000, 7)),
  ]);
/** An HTML page behind the first box of a HEIC picture. */
export const heicHeadedHtml = () =>
  Buffer.concat([heic().subarray(0, 24), Buffer.from('<html><body><script>alert(1)</script></body></html>')]);

/** A Windows executable (MZ header). */
export const exe = () => Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), Buffer.alloc(4000, 1)]);

type Injector = FastifyInstance['inject'];
/** A JSON call with a bearer token. */
export const call =
  (inject: Injector, token: string | null) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

type Caller = ReturnType<typeof call>;
type ReturnDocuments = Awaited<ReturnType<typeof makeReturnDocuments>>;
const REFUNDS = '/api/inrefund';

/** Empties the caller's open refunds cart (each line deleted through the API), so a test starts from no cart lines. */
export async function emptyRefundsCart(who: Caller) {
  const cart = (await who('GET', `${REFUNDS}/getrefundscart`)).json() as { lines?: { id: number }[] } | null;
  for (const line of cart?.lines ?? []) {
    const res = await who('DELETE', `${REFUNDS}/deletefromcurrentcart/${line.id}`);
    if (res.statusCode !== 200) throw new Error(`refunds cart line ${line.id}: ${res.statusCode} ${res.body}`);
  }
}

/**
 * An open refunds cart of two lines of `ids`: all 5 units of the packing slip's line 1 (reason 2) and 1 unit of the
 * invoice's line 1, which is the packing slip's line 3 (reason 5). Answers the cart's id.
 */
export async function openRefundsCart(who: Caller, ids: ReturnDocuments): Promise<number> {
  const first = await who('POST', `${REFUNDS}/addarticletorefund`, {
    packingslipid: ids.slip,
    linenum: 1,
    motivo: 2,
    quantity: 5,
  });
  if (first.statusCode !== 200) throw new Error(`add line 1: ${first.statusCode} ${first.body}`);
  const second = await who('POST', '/api/ininvoice/refund/', {
    invoiceid: ids.invoice,
    linenum: 1,
    motivo: 5,
    quantity: 1,
  });
  if (second.statusCode !== 200) throw new Error(`add the invoice's line: ${second.statusCode} ${second.body}`);
  return (first.json() as { returntablewebid: number }).returntablewebid;
}

/** Finishes the caller's open refunds cart `id` to their first return address: a refund requested. */
export async function finishRefundsCart(who: Caller, id: number, observations = 'Devolución de prueba') {
  const [address] = (await who('GET', `${REFUNDS}/getreturnaddresses`)).json() as { id: number; label: string }[];
  const res = await who('POST', `${REFUNDS}/finishCart`, { id, observations, Direccion_Usuario: address!.id });
  if (res.statusCode !== 200) throw new Error(`finish refunds cart ${id}: ${res.statusCode} ${res.body}`);
  return { id, address: address! };
}

/**
 * A refund requested by `who` of lines of `ids.slip` (the open cart emptied first, the lines added, the cart finished
 * to the caller's first return address). Answers the refund's id.
 */
export async function requestRefund(
  who: Caller,
  ids: ReturnDocuments,
  lines: { linenum: number; motivo: number; quantity: number }[],
  observations = 'Devolución de prueba',
): Promise<number> {
  await emptyRefundsCart(who);
  let id = 0;
  for (const line of lines) {
    const res = await who('POST', `${REFUNDS}/addarticletorefund`, { packingslipid: ids.slip, ...line });
    if (res.statusCode !== 200) throw new Error(`add line ${line.linenum}: ${res.statusCode} ${res.body}`);
    id = (res.json() as { returntablewebid: number }).returntablewebid;
  }
  await finishRefundsCart(who, id, observations);
  return id;
}
