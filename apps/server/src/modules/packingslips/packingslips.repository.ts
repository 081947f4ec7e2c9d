import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { PACKING_SLIPS_GRID, type PackingSlipHeader, packingSlipHeader, packingSlipLine } from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { documentHeaders } from '../../db/document-headers.ts';
import { type ProductDocumentGrid, productDocumentGrid, productDocumentSource } from '../../db/product-filter.ts';
import { gridSpec } from '../../lib/jqgrid.sql.ts';
import { asNumber, isoDate } from '../../lib/sql-format.sql.ts';

/** The packing slips grid's allow-list over `erp_packing_slips p`. */
export const PACKING_SLIPS_SPEC = gridSpec(
  PACKING_SLIPS_GRID,
  {
    PACKINGSLIPID: sql`p.packing_slip_id`,
    DELIVERYDATE: sql`p.delivery_date`,
    ORDERACCOUNT: { column: sql`p.client_accountnum`, filterColumn: sql`(p.client_accountnum || '')` },
    ACCOUNTNAME: sql`p.account_name`,
    CUSTOMERREF: sql`p.customer_ref`,
    INVENTLOCATIONID: sql`p.store_id`,
    INVENTLOCATIONNAME: sql`p.store_name`,
    DELIVERYNAME: sql`p.delivery_name`,
    DLVMODE: sql`p.dlv_mode`,
    JUMEMPLNAME: sql`p.employee_name`,
  },
  sql`p.packing_slip_id`,
);

const scopeSql = (clientId: string | null) => (clientId === null ? undefined : sql`p.client_accountnum = ${clientId}`);
const headerSelect = (from: SQL) => sql`
  select p.packing_slip_id as "PACKINGSLIPID", ${isoDate(sql`p.delivery_date`)} as "DELIVERYDATE",
         p.client_accountnum as "ORDERACCOUNT", p.account_name as "ACCOUNTNAME", p.customer_ref as "CUSTOMERREF",
         p.store_id as "INVENTLOCATIONID", p.store_name as "INVENTLOCATIONNAME", p.delivery_name as "DELIVERYNAME",
         p.dlv_mode as "DLVMODE", dm.name as "DLVMODENAME", p.employee_name as "JUMEMPLNAME",
         (select string_agg(r.sales_id, ',' order by r.sales_id)
            from erp_sales_packing_slips r where r.packing_slip_id = p.packing_slip_id) as "SalesRelated",
         (select string_agg(r.invoice_id, ',' order by r.invoice_id)
            from erp_packing_slip_invoices r where r.packing_slip_id = p.packing_slip_id) as "InvoiceRelated"
  from ${from} p
  left join delivery_modes dm on dm.id = p.dlv_mode`;

const GRID: ProductDocumentGrid = {
  table: 'erp_packing_slips',
  alias: 'p',
  key: 'packing_slip_id',
  lines: 'erp_packing_slip_lines',
  date: 'delivery_date',
  project: headerSelect,
};

/** Where a page of this grid comes from, for a client (null: every client). */
export const packingSlipsGridSource = (clientId: string | null, product?: string, dense = false) =>
  productDocumentSource(GRID, clientId, product, dense);

export function packingSlipsRepository(db: Db) {
  return {
    /** One page of the grid; `product` keeps the documents holding a line of a matching article. */
    grid(query: GridQuery, clientId: string | null, product?: string): Promise<GridResponse<PackingSlipHeader>> {
      return productDocumentGrid(db, GRID, PACKING_SLIPS_SPEC, query, clientId, packingSlipHeader, product);
    },

    ...documentHeaders(db, {
      row: packingSlipHeader,
      from: 'erp_packing_slips p',
      scope: scopeSql,
      select: headerSelect,
      idMatch: (id: string) => sql`p.packing_slip_id = ${id}`,
      newestFirst: sql`p.delivery_date desc, p.packing_slip_id desc`,
      pick: sql`p.packing_slip_id`,
    }),

    lines(packingSlipId: string) {
      return queryRows(
        db,
        sql`select l.packing_slip_id as "PACKINGSLIPID", l.line_no as "LINENUM", l.sales_id as "SALESID",
                   l.item_id as "ITEMID", l.name as "NAME", l.article_id as id_articulo, ${asNumber(sql`l.quantity`)} as "QTY"
            from erp_packing_slip_lines l where l.packing_slip_id = ${packingSlipId} order by l.line_no`,
        packingSlipLine,
      );
    },
  };
}
export type PackingSlipsRepository = ReturnType<typeof packingSlipsRepository>;
