import type { GridQuery, GridResponse } from '@portal/contract/grids';
import {
  documentIdCandidates,
  INVOICES_GRID,
  type InvoiceHeader,
  invoiceHeader,
  invoiceLine,
} from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { documentHeaders, idIn } from '../../db/document-headers.ts';
import { type ProductDocumentGrid, productDocumentGrid, productDocumentSource } from '../../db/product-filter.ts';
import { gridSpec } from '../../lib/jqgrid.sql.ts';
import { asNumber, isoDate } from '../../lib/sql-format.sql.ts';

/** The invoices grid's allow-list over `erp_invoices i`. */
export const INVOICES_SPEC = gridSpec(
  INVOICES_GRID,
  {
    INVOICEID: { column: sql`i.invoice_id`, candidates: documentIdCandidates },
    INVOICEDATE: sql`i.invoice_date`,
    INVOICEACCOUNT: { column: sql`i.client_accountnum`, filterColumn: sql`(i.client_accountnum || '')` },
    INVOICINGNAME: sql`i.invoicing_name`,
    JUMEMPLNAME: sql`i.employee_name`,
    SALESBALANCE: sql`i.net_amount`,
    SUMTAX: sql`i.vat_amount`,
    INVOICEAMOUNT: sql`i.total_amount`,
  },
  sql`i.invoice_id`,
);

const scopeSql = (clientId: string | null) => (clientId === null ? undefined : sql`i.client_accountnum = ${clientId}`);
const headerSelect = (from: SQL) => sql`
  select i.invoice_id as "INVOICEID", ${isoDate(sql`i.invoice_date`)} as "INVOICEDATE",
         i.client_accountnum as "INVOICEACCOUNT", i.invoicing_name as "INVOICINGNAME",
         i.employee_name as "JUMEMPLNAME", ${asNumber(sql`i.net_amount`)} as "SALESBALANCE",
         ${asNumber(sql`i.vat_amount`)} as "SUMTAX", ${asNumber(sql`i.total_amount`)} as "INVOICEAMOUNT",
         (select string_agg(r.sales_id, ',' order by r.sales_id)
            from erp_sales_invoices r where r.invoice_id = i.invoice_id) as "SalesRelated",
         (select string_agg(r.packing_slip_id, ',' order by r.packing_slip_id)
            from erp_packing_slip_invoices r where r.invoice_id = i.invoice_id) as "PackingSlipRelated"
  from ${from} i`;

const GRID: ProductDocumentGrid = {
  table: 'erp_invoices',
  alias: 'i',
  key: 'invoice_id',
  lines: 'erp_invoice_lines',
  date: 'invoice_date',
  project: headerSelect,
};

/** Where a page of this grid comes from, for a client (null: every client). */
export const invoicesGridSource = (clientId: string | null, product?: string, dense = false) =>
  productDocumentSource(GRID, clientId, product, dense);

export function invoicesRepository(db: Db) {
  return {
    /** One page of the grid; `product` keeps the documents holding a line of a matching article. */
    grid(query: GridQuery, clientId: string | null, product?: string): Promise<GridResponse<InvoiceHeader>> {
      return productDocumentGrid(db, GRID, INVOICES_SPEC, query, clientId, invoiceHeader, product);
    },

    ...documentHeaders(db, {
      row: invoiceHeader,
      from: 'erp_invoices i',
      scope: scopeSql,
      select: headerSelect,
      idMatch: (id: string) => idIn(sql`i.invoice_id`, documentIdCandidates(id)),
      newestFirst: sql`i.invoice_date desc, i.invoice_id desc`,
      pick: sql`i.invoice_id`,
    }),

    lines(invoiceId: string) {
      return queryRows(
        db,
        sql`select l.invoice_id as "INVOICEID", l.line_no as "LINENUM", l.sales_id as "SALESID", l.item_id as "ITEMID",
                   l.name as "NAME", l.article_id as id_articulo, ${asNumber(sql`l.quantity`)} as "QTY",
                   ${asNumber(sql`l.sales_price`)} as "SALESPRICE", ${asNumber(sql`l.discount_pct`)} as "LINEPERCENT",
                   ${asNumber(sql`l.line_amount`)} as "LINEAMOUNT", ${asNumber(sql`l.vat_pct`)} as "TAXPERCENT",
                   ${asNumber(sql`l.vat_amount`)} as "TAXAMOUNT"
            from erp_invoice_lines l where l.invoice_id = ${invoiceId} order by l.line_no`,
        invoiceLine,
      );
    },
  };
}
export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
