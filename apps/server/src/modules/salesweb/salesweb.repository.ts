import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { WEB_ORDERS_GRID, type WebOrderHeader, webOrderHeader, webOrderLine } from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { documentHeaders } from '../../db/document-headers.ts';
import { runGrid } from '../../db/run-grid.ts';
import { type GridSource, gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { asNumber, isoDate, isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The web orders grids' allow-list over `web_orders w`. */
export const WEB_ORDERS_SPEC = gridSpec(
  WEB_ORDERS_GRID,
  {
    Id: { column: sql`w.id`, integer: true },
    FechaPedido: sql`w.ordered_at`,
    DELIVERYDATE: sql`w.delivery_date`,
    DELIVERYNAME: sql`w.delivery_name`,
    CUSTOMERREF: sql`w.customer_ref`,
    JUMSALESOBS: sql`w.remarks`,
    INVENTLOCATIONID: sql`w.store_id`,
    INVENTLOCATIONNAME: sql`w.store_name`,
    DLVMODENAME: sql`w.dlv_mode_name`,
    PAYMENTMETHODNAME: sql`w.payment_method_name`,
    MEDIO_COD: { column: sql`w.medio_cod`, integer: true },
    IMPORTED: sql`w.imported`,
    ERROR: sql`w.error`,
    REINTENTOSWEB: { column: sql`w.retries`, integer: true },
    SalesRelated: sql`w.sales_related`,
    CUSTACCOUNT: sql`w.client_accountnum`,
    USERNAME: sql`null`,
    AMOUNT: sql`w.net_amount`,
  },
  sql`w.id`,
);

const scopeSql = (clientId: string | null) => (clientId === null ? undefined : sql`w.client_accountnum = ${clientId}`);

const headerSelect = (from: SQL) => sql`
  select w.id::int as "Id", ${isoTimestamp(sql`w.ordered_at`)} as "FechaPedido",
         ${isoDate(sql`w.delivery_date`)} as "DELIVERYDATE", w.delivery_name as "DELIVERYNAME",
         w.customer_ref as "CUSTOMERREF", w.remarks as "JUMSALESOBS", w.store_id as "INVENTLOCATIONID",
         w.store_name as "INVENTLOCATIONNAME", w.dlv_mode_name as "DLVMODENAME",
         w.payment_method_name as "PAYMENTMETHODNAME", w.medio_cod::int as "MEDIO_COD", w.imported as "IMPORTED",
         w.error as "ERROR", w.retries::int as "REINTENTOSWEB", w.sales_related as "SalesRelated",
         '/my-cart/checkoutresult/' || coalesce(p.order_number, '0') || '/' || w.cart_id as "SalesLink",
         w.client_accountnum as "CUSTACCOUNT", u.username as "USERNAME", ${asNumber(sql`w.net_amount`)} as "AMOUNT"
  from ${from} w
  left join users u on u.id = w.user_id
  left join payments p on p.id = w.payment_id`;

/** Where a page of this grid comes from, for a client (null: every client). */
export const webOrdersGridSource = (clientId: string | null): GridSource => ({
  table: 'web_orders',
  alias: 'w',
  key: 'id',
  scope: [scopeSql(clientId)],
  project: headerSelect,
});

export function salesWebRepository(db: Db) {
  return {
    /** One page of web orders of a client (null: every client, the control list). */
    grid(query: GridQuery, clientId: string | null): Promise<GridResponse<WebOrderHeader>> {
      return runGrid(db, planGrid(WEB_ORDERS_SPEC, query), webOrdersGridSource(clientId), webOrderHeader);
    },

    ...documentHeaders(db, {
      row: webOrderHeader,
      from: 'web_orders w',
      scope: scopeSql,
      select: headerSelect,
      idMatch: (id: number) => sql`w.id = ${id}`,
      newestFirst: sql`w.ordered_at desc, w.id desc`,
      pick: sql`w.id`,
    }),

    lines(webOrderId: number) {
      return queryRows(
        db,
        sql`select l.web_order_id::int as "Id", l.line_no as "LINENUM", l.ref_jumasa as "ITEMID", l.description as "NAME",
                   l.article_id as id_articulo, l.family_code as "FAMILY", l.quantity as "QTY",
                   ${asNumber(sql`l.pv1d`)} as "PV1D", ${asNumber(sql`l.net_price`)} as "SALESPRICE",
                   ${asNumber(sql`l.net_amount`)} as "LINEAMOUNT", l.job_ref as "JOBREF"
            from web_order_lines l where l.web_order_id = ${webOrderId} order by l.line_no`,
        webOrderLine,
      );
    },
  };
}
export type SalesWebRepository = ReturnType<typeof salesWebRepository>;
