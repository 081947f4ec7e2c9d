import type { GridQuery, GridResponse } from '@portal/contract/grids';
import {
  documentIdCandidates,
  SALES_GRID,
  type SalesHeader,
  type SalesLine,
  salesHeader,
  salesLine,
} from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { documentHeaders, idIn } from '../../db/document-headers.ts';
import { runGrid } from '../../db/run-grid.ts';
import { EVERY_CLIENT_COUNT_CAP, type GridSource, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { asNumber, isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The sales grid's allow-list: every column of SALES_GRID over `erp_sales_orders o`. */
export const SALES_SPEC = gridSpec(
  SALES_GRID,
  {
    SALESID: { column: sql`o.sales_id`, candidates: documentIdCandidates },
    JUMCREATEDDATE: sql`o.created_at`,
    CUSTACCOUNT: { column: sql`o.client_accountnum`, filterColumn: sql`(o.client_accountnum || '')` },
    CUSTOMERREF: sql`o.customer_ref`,
    INVENTLOCATIONID: sql`o.store_id`,
    INVENTLOCATIONNAME: sql`o.store_name`,
    DELIVERYNAME: sql`o.delivery_name`,
    SALESSTATUS: { column: sql`o.status`, integer: true, allValue: '-1' },
    DLVMODE: sql`o.dlv_mode`,
    SALESORIGINID: sql`o.sales_origin_id`,
    SALESTAKER: sql`o.sales_taker`,
  },
  sql`o.sales_id`,
);

const scopeSql = (clientId: string | null) => (clientId === null ? undefined : sql`o.client_accountnum = ${clientId}`);

/** The header columns over `o` (a page of erp_sales_orders); related ids for those rows only. */
const headerSelect = (from: SQL) => sql`
  select o.sales_id as "SALESID", ${isoTimestamp(sql`o.created_at`)} as "JUMCREATEDDATE",
         o.client_accountnum as "CUSTACCOUNT", o.customer_ref as "CUSTOMERREF", o.store_id as "INVENTLOCATIONID",
         o.store_name as "INVENTLOCATIONNAME", o.delivery_name as "DELIVERYNAME", o.status::int as "SALESSTATUS",
         o.dlv_mode as "DLVMODE", dm.name as "DLVMODENAME", o.sales_origin_id as "SALESORIGINID",
         o.sales_taker as "SALESTAKER",
         (select string_agg(r.packing_slip_id, ',' order by r.packing_slip_id)
            from erp_sales_packing_slips r where r.sales_id = o.sales_id) as "PackingSlipRelated",
         (select string_agg(r.invoice_id, ',' order by r.invoice_id)
            from erp_sales_invoices r where r.sales_id = o.sales_id) as "InvoiceRelated"
  from ${from} o
  left join delivery_modes dm on dm.id = o.dlv_mode`;

/** Where a page of this grid comes from, for a client (null: every client). */
export const salesGridSource = (clientId: string | null): GridSource => ({
  table: 'erp_sales_orders',
  alias: 'o',
  key: 'sales_id',
  scope: [scopeSql(clientId)],
  project: headerSelect,
  ...(clientId === null ? { countCap: EVERY_CLIENT_COUNT_CAP } : {}),
  countOrder: sql`o.client_accountnum, o.created_at, o.sales_id`,
});

export function salesRepository(db: Db) {
  return {
    /** One page of the sales grid of a client (null: every client). */
    grid(query: GridQuery, clientId: string | null): Promise<GridResponse<SalesHeader>> {
      return runGrid(db, planGrid(SALES_SPEC, query), salesGridSource(clientId), salesHeader);
    },

    /** The order of that id (or its 41-prefixed twin) when the client may see it; the newest orders. */
    ...documentHeaders(db, {
      row: salesHeader,
      from: 'erp_sales_orders o',
      scope: scopeSql,
      select: headerSelect,
      idMatch: (id: string) => idIn(sql`o.sales_id`, documentIdCandidates(id)),
      newestFirst: sql`o.created_at desc, o.sales_id desc`,
      pick: sql`o.sales_id`,
    }),

    lines(salesId: string): Promise<SalesLine[]> {
      return queryRows(
        db,
        sql`select l.sales_id as "SALESID", l.line_no as "LINENUM", l.item_id as "ITEMID", l.name as "NAME",
                   l.article_id as id_articulo, ${asNumber(sql`l.quantity`)} as "SALESQTY",
                   ${asNumber(sql`l.sales_price`)} as "SALESPRICE", ${asNumber(sql`l.discount_pct`)} as "LINEPERCENT",
                   ${asNumber(sql`l.line_amount`)} as "LINEAMOUNT"
            from erp_sales_lines l where l.sales_id = ${salesId} order by l.line_no`,
        salesLine,
      );
    },
  };
}
export type SalesRepository = ReturnType<typeof salesRepository>;
