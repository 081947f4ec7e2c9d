import { webOrderCreatedData as event, type WebOrderCreatedData } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTimestamp } from '../../lib/sql-format.sql.ts';

/** The event's head and one of its lines: the contract's own schemas (the columns are named as in the event). */
const head = event.omit({ LINES: true });
const line = event.shape.LINES.element;

/** A web order as its `web_order.created` event tells the ERP (decision 0059), read in the transaction that made it. */
export async function webOrderCreatedData(db: Db, id: number): Promise<WebOrderCreatedData> {
  const [o] = await queryRows(
    db,
    sql`select w.id::int as "Id", w.client_accountnum as "CUSTACCOUNT", u.username as "USERNAME",
                 ${isoTimestamp(sql`w.ordered_at`)} as "JUMCREATEDDATE", w.store_id as "INVENTLOCATIONID",
                 w.store_name as "INVENTLOCATIONNAME", to_char(w.delivery_date, 'YYYY-MM-DD') as "DELIVERYDATE",
                 w.delivery_name as "DELIVERYNAME", w.delivery_street as "DELIVERYSTREET",
                 w.delivery_city as "DELIVERYCITY", w.delivery_zipcode as "DELIVERYZIPCODE",
                 w.delivery_country as "DELIVERYCOUNTRYREGIONID", w.customer_ref as "CUSTOMERREF",
                 w.remarks as "JUMSALESOBS", w.dlv_mode_id as "DLVMODE", w.dlv_mode_name as "DLVMODENAME",
                 w.payment_method_name as "PAYMENTMETHODNAME", w.medio_cod::int as "MEDIO_COD",
                 'EUR' as "CURRENCYCODE", w.list_amount::numeric(12,2)::text as "LISTAMOUNT",
                 w.net_amount::numeric(12,2)::text as "NETAMOUNT",
                 to_char(w.vat_rate_bp / 100.0, 'FM990.00') as "VATRATE",
                 w.vat_amount::numeric(12,2)::text as "VATAMOUNT",
                 w.total_amount::numeric(12,2)::text as "TOTALAMOUNT", p.order_number as "PAYMENTREFERENCE"
            from web_orders w left join users u on u.id = w.user_id left join payments p on p.id = w.payment_id
           where w.id = ${id}`,
    head,
  );
  const lines = await queryRows(
    db,
    sql`select line_no::int as "LINENUM", ref_jumasa as "ITEMID", description as "ITEMNAME",
                 quantity::int as "QTY", pv1d::numeric(12,2)::text as "LISTPRICE",
                 net_price::numeric(12,2)::text as "SALESPRICE", net_amount::numeric(12,2)::text as "LINEAMOUNT"
            from web_order_lines where web_order_id = ${id} order by line_no`,
    line,
  );
  return { ...o!, LINES: lines };
}
