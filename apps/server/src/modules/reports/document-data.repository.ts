import { centsOfNumber, euros } from '@portal/contract/money';
import { DOCUMENT_TYPE, type DocumentType, displayDocumentId, documentIdCandidates } from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { businessTimeZone } from '../../lib/business-time.sql.ts';
import { lineAmountSql } from '../../lib/vat.sql.ts';
import { DEFAULT_VAT_PCT, documentVat, rateBpOfPercent, VAT_RATE_DEFAULT_BP, vatCents } from '../../lib/vat.ts';

/**
 * What a PDF or Excel document shows, read from the ERP tables for a caller's scope (null: every client).
 * Amounts are numbers in euros with 2 decimals.
 */
export type DocumentLine = {
  lineNo: number;
  itemId: string;
  name: string;
  salesId: string | null;
  quantity: number;
  price: number | null;
  discountPct: number | null;
  amount: number | null;
  vatPct: number | null;
  vatAmount: number | null;
};
export type Party = {
  accountnum: string;
  name: string;
  taxId: string | null;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  email: string | null;
  phone: string | null;
};
export type DocumentData = {
  type: DocumentType;
  id: string;
  /** The id as shown (without the 41 prefix of part 1 §9). */
  displayId: string;
  /** The document's day, YYYY-MM-DD (business time zone). */
  date: string;
  dueDate: string | null;
  client: Party;
  delivery: { name: string; street: string | null; city: string | null; zipcode: string | null } | null;
  customerRef: string | null;
  store: string | null;
  dlvMode: string | null;
  status: number | null;
  origin: string | null;
  employee: string | null;
  related: { sales: string[]; packingSlips: string[]; invoices: string[] };
  lines: DocumentLine[];
  totals: { net: number; vat: number; total: number; vatBreakdown: { pct: number; base: number; vat: number }[] };
};

const split = (list: string | null) => (list ? list.split(',') : []);
const ids = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const scoped = (column: SQL, clientId: string | null) => (clientId === null ? sql`true` : sql`${column} = ${clientId}`);

const headerRow = z.object({
  id: z.string(),
  day: z.string(),
  due_day: z.string().nullable(),
  client_accountnum: z.string(),
  client_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  delivery_name: z.string().nullable(),
  delivery_street: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_zipcode: z.string().nullable(),
  customer_ref: z.string().nullable(),
  store_name: z.string().nullable(),
  dlv_mode: z.string().nullable(),
  status: z.number().nullable(),
  origin: z.string().nullable(),
  employee: z.string().nullable(),
  rel_sales: z.string().nullable(),
  rel_slips: z.string().nullable(),
  rel_invoices: z.string().nullable(),
});
type HeaderRow = z.infer<typeof headerRow>;
const lineRow = z.object({
  line_no: z.number(),
  item_id: z.string(),
  name: z.string(),
  sales_id: z.string().nullable(),
  quantity: z.number(),
  price: z.number().nullable(),
  discount_pct: z.number().nullable(),
  amount: z.number().nullable(),
  vat_pct: z.number().nullable(),
  vat_amount: z.number().nullable(),
});
type LineRow = z.infer<typeof lineRow>;

/** The client block: the client's record and default address (the ERP row when the client is unknown here). */
const clientJoin = (account: SQL) => sql`
  left join clients c on c.accountnum = ${account}
  left join lateral (select street, city, zipcode from client_addresses ca
                      where ca.client_accountnum = c.accountnum order by ca.is_default desc, ca.id limit 1) a on true`;

const day = (column: SQL) => sql`to_char(${column} at time zone ${businessTimeZone}, 'YYYY-MM-DD')`;

export function documentDataRepository(db: Db) {
  async function salesOrder(id: string, clientId: string | null) {
    const [h] = await queryRows(
      db,
      sql`select o.sales_id as id, ${day(sql`o.created_at`)} as day, null as due_day, o.client_accountnum,
                 c.name as client_name, c.tax_id, c.email, c.phone, a.street, a.city, a.zipcode,
                 o.delivery_name, o.delivery_street, o.delivery_city, o.delivery_zipcode, o.customer_ref,
                 o.store_name, coalesce(dm.name, o.dlv_mode) as dlv_mode, o.status::int as status,
                 coalesce(so.name, o.sales_origin_id) as origin, o.sales_taker as employee, null as rel_sales,
                 (select string_agg(packing_slip_id, ',' order by packing_slip_id) from erp_sales_packing_slips r
                   where r.sales_id = o.sales_id) as rel_slips,
                 (select string_agg(invoice_id, ',' order by invoice_id) from erp_sales_invoices r
                   where r.sales_id = o.sales_id) as rel_invoices
            from erp_sales_orders o ${clientJoin(sql`o.client_accountnum`)}
            left join delivery_modes dm on dm.id = o.dlv_mode
            left join erp_sales_origins so on so.id = o.sales_origin_id
           where o.sales_id in (${ids(documentIdCandidates(id))}) and ${scoped(sql`o.client_accountnum`, clientId)}
           order by o.sales_id limit 1`,
      headerRow,
    );
    if (!h) return null;
    const lines = await queryRows(
      db,
      sql`select line_no, item_id, name, null as sales_id, quantity::float8 as quantity, sales_price::float8 as price,
                 discount_pct::float8 as discount_pct, line_amount::float8 as amount, null::float8 as vat_pct,
                 null::float8 as vat_amount
            from erp_sales_lines where sales_id = ${h.id} order by line_no`,
      lineRow,
    );
    return build(DOCUMENT_TYPE.sales, h, lines);
  }

  async function packingSlip(id: string, clientId: string | null) {
    const [h] = await queryRows(
      db,
      sql`select p.packing_slip_id as id, to_char(p.delivery_date, 'YYYY-MM-DD') as day, null as due_day,
                 p.client_accountnum, coalesce(c.name, p.account_name) as client_name, c.tax_id, c.email, c.phone,
                 a.street, a.city, a.zipcode, p.delivery_name, p.delivery_street, p.delivery_city, p.delivery_zipcode,
                 p.customer_ref, p.store_name, coalesce(dm.name, p.dlv_mode) as dlv_mode, null::int as status,
                 null as origin, p.employee_name as employee,
                 (select string_agg(sales_id, ',' order by sales_id) from erp_sales_packing_slips r
                   where r.packing_slip_id = p.packing_slip_id) as rel_sales,
                 null as rel_slips,
                 (select string_agg(invoice_id, ',' order by invoice_id) from erp_packing_slip_invoices r
                   where r.packing_slip_id = p.packing_slip_id) as rel_invoices
            from erp_packing_slips p ${clientJoin(sql`p.client_accountnum`)}
            left join delivery_modes dm on dm.id = p.dlv_mode
           where p.packing_slip_id = ${id} and ${scoped(sql`p.client_accountnum`, clientId)}`,
      headerRow,
    );
    if (!h) return null;
    // A valued delivery note: the delivered quantity at the order line's price and discount.
    const lines = await queryRows(
      db,
      sql`select l.line_no, l.item_id, l.name, l.sales_id, l.quantity::float8 as quantity,
                 s.sales_price::float8 as price, s.discount_pct::float8 as discount_pct,
                 ${lineAmountSql(sql`s.sales_price`, sql`l.quantity`, sql`s.discount_pct`)}::float8 as amount,
                 null::float8 as vat_pct, null::float8 as vat_amount
            from erp_packing_slip_lines l
            left join erp_sales_lines s on s.sales_id = l.sales_id and s.line_no = l.sales_line_no
           where l.packing_slip_id = ${h.id} order by l.line_no`,
      lineRow,
    );
    return build(DOCUMENT_TYPE.packingSlip, h, lines);
  }

  async function invoice(id: string, clientId: string | null) {
    const [h] = await queryRows(
      db,
      sql`select i.invoice_id as id, to_char(i.invoice_date, 'YYYY-MM-DD') as day,
                 to_char(i.due_date, 'YYYY-MM-DD') as due_day, i.client_accountnum,
                 i.invoicing_name as client_name, coalesce(i.tax_id, c.tax_id) as tax_id, c.email, c.phone,
                 coalesce(i.invoice_street, a.street) as street, coalesce(i.invoice_city, a.city) as city,
                 coalesce(i.invoice_zipcode, a.zipcode) as zipcode, null as delivery_name, null as delivery_street,
                 null as delivery_city, null as delivery_zipcode, null as customer_ref, null as store_name,
                 null as dlv_mode, null::int as status, null as origin, i.employee_name as employee,
                 (select string_agg(sales_id, ',' order by sales_id) from erp_sales_invoices r
                   where r.invoice_id = i.invoice_id) as rel_sales,
                 (select string_agg(packing_slip_id, ',' order by packing_slip_id) from erp_packing_slip_invoices r
                   where r.invoice_id = i.invoice_id) as rel_slips,
                 null as rel_invoices
            from erp_invoices i ${clientJoin(sql`i.client_accountnum`)}
           where i.invoice_id in (${ids(documentIdCandidates(id))}) and ${scoped(sql`i.client_accountnum`, clientId)}
           order by i.invoice_id limit 1`,
      headerRow,
    );
    if (!h) return null;
    const lines = await queryRows(
      db,
      sql`select line_no, item_id, name, sales_id, quantity::float8 as quantity, sales_price::float8 as price,
                 discount_pct::float8 as discount_pct, line_amount::float8 as amount, vat_pct::float8 as vat_pct,
                 vat_amount::float8 as vat_amount
            from erp_invoice_lines where invoice_id = ${h.id} order by line_no`,
      lineRow,
    );
    return build(DOCUMENT_TYPE.invoice, h, lines);
  }

  return {
    /** The document of that type and id when the scope may see it, else null (the caller answers 404). */
    load(type: DocumentType, id: string, clientId: string | null): Promise<DocumentData | null> {
      if (type === DOCUMENT_TYPE.sales) return salesOrder(id, clientId);
      if (type === DOCUMENT_TYPE.packingSlip) return packingSlip(id, clientId);
      return invoice(id, clientId);
    },
  };
}
export type DocumentDataRepository = ReturnType<typeof documentDataRepository>;

function build(type: DocumentType, h: HeaderRow, rows: LineRow[]): DocumentData {
  const lines: DocumentLine[] = rows.map((r) => ({
    lineNo: r.line_no,
    itemId: r.item_id,
    name: r.name,
    salesId: r.sales_id,
    quantity: r.quantity,
    price: r.price,
    discountPct: r.discount_pct,
    amount: r.amount,
    vatPct: r.vat_pct ?? (r.amount === null ? null : DEFAULT_VAT_PCT),
    vatAmount:
      r.vat_amount ?? (r.amount === null ? null : euros(vatCents(centsOfNumber(r.amount), VAT_RATE_DEFAULT_BP))),
  }));
  // The VAT policy (lib/vat.ts): invoices carry the ERP's VAT per line (their total is the invoice's SUMTAX);
  // orders and delivery notes get the VAT of each rate rounded once on its base, as an invoice of them would.
  const erpVat = rows.some((r) => r.vat_amount !== null);
  const totals = documentVat(
    lines.flatMap((l) =>
      l.amount === null || l.vatPct === null
        ? []
        : [
            {
              amountCents: centsOfNumber(l.amount),
              rateBp: rateBpOfPercent(l.vatPct),
              erpVatCents: erpVat ? centsOfNumber(l.vatAmount ?? 0) : null,
            },
          ],
    ),
  );
  const vatBreakdown = totals.byRate.map((e) => ({
    pct: e.rateBp / 100,
    base: euros(e.baseCents),
    vat: euros(e.vatCents),
  }));
  const net = euros(totals.netCents);
  const vat = euros(totals.vatCents);
  const hasDelivery = h.delivery_name !== null;
  return {
    type,
    id: h.id,
    displayId: displayDocumentId(h.id),
    date: h.day,
    dueDate: h.due_day,
    client: {
      accountnum: h.client_accountnum,
      name: h.client_name ?? h.client_accountnum,
      taxId: h.tax_id,
      street: h.street,
      city: h.city,
      zipcode: h.zipcode,
      email: h.email,
      phone: h.phone,
    },
    delivery: hasDelivery
      ? { name: h.delivery_name!, street: h.delivery_street, city: h.delivery_city, zipcode: h.delivery_zipcode }
      : null,
    customerRef: h.customer_ref,
    store: h.store_name,
    dlvMode: h.dlv_mode,
    status: h.status,
    origin: h.origin,
    employee: h.employee,
    related: { sales: split(h.rel_sales), packingSlips: split(h.rel_slips), invoices: split(h.rel_invoices) },
    lines,
    totals: { net, vat, total: euros(totals.netCents + totals.vatCents), vatBreakdown },
  };
}
