import type { WebOrderCreatedData } from '@portal/contract/integration-events';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** A web order as its `web_order.created` event tells the ERP (decision 0059), read in the transaction that made it. */
export async function webOrderCreatedData(db: Db, id: number): Promise<WebOrderCreatedData> {
  const [o] = await queryRows<{
    client_accountnum: string;
    username: string | null;
    ordered_at: Date | string;
    store_id: string;
    store_name: string;
    delivery_date: string;
    delivery_name: string;
    delivery_street: string | null;
    delivery_city: string | null;
    delivery_zipcode: string | null;
    delivery_country: string | null;
    customer_ref: string;
    remarks: string;
    dlv_mode_id: string;
    dlv_mode_name: string;
    payment_method_name: string;
    medio_cod: number;
    list_amount: string;
    net_amount: string;
    vat_rate: string | null;
    vat_amount: string | null;
    total_amount: string | null;
    payment_reference: string | null;
  }>(
    db,
    sql`select w.client_accountnum, u.username, w.ordered_at, w.store_id, w.store_name,
                 to_char(w.delivery_date, 'YYYY-MM-DD') as delivery_date, w.delivery_name, w.delivery_street,
                 w.delivery_city, w.delivery_zipcode, w.delivery_country, w.customer_ref, w.remarks, w.dlv_mode_id,
                 w.dlv_mode_name, w.payment_method_name, w.medio_cod::int as medio_cod,
                 w.list_amount::numeric(12,2)::text as list_amount, w.net_amount::numeric(12,2)::text as net_amount,
                 to_char(w.vat_rate_bp / 100.0, 'FM990.00') as vat_rate,
                 w.vat_amount::numeric(12,2)::text as vat_amount, w.total_amount::numeric(12,2)::text as total_amount,
                 p.order_number as payment_reference
            from web_orders w left join users u on u.id = w.user_id left join payments p on p.id = w.payment_id
           where w.id = ${id}`,
  );
  const lines = await queryRows<{
    line_no: number;
    ref_jumasa: string;
    description: string;
    quantity: number;
    pv1d: string;
    net_price: string;
    net_amount: string;
  }>(
    db,
    sql`select line_no::int as line_no, ref_jumasa, description, quantity::int as quantity,
                 pv1d::numeric(12,2)::text as pv1d, net_price::numeric(12,2)::text as net_price,
                 net_amount::numeric(12,2)::text as net_amount
            from web_order_lines where web_order_id = ${id} order by line_no`,
  );
  return {
    Id: id,
    CUSTACCOUNT: o!.client_accountnum,
    USERNAME: o!.username,
    JUMCREATEDDATE: new Date(o!.ordered_at).toISOString(),
    INVENTLOCATIONID: o!.store_id,
    INVENTLOCATIONNAME: o!.store_name,
    DELIVERYDATE: o!.delivery_date,
    DELIVERYNAME: o!.delivery_name,
    DELIVERYSTREET: o!.delivery_street,
    DELIVERYCITY: o!.delivery_city,
    DELIVERYZIPCODE: o!.delivery_zipcode,
    DELIVERYCOUNTRYREGIONID: o!.delivery_country,
    CUSTOMERREF: o!.customer_ref,
    JUMSALESOBS: o!.remarks,
    DLVMODE: o!.dlv_mode_id,
    DLVMODENAME: o!.dlv_mode_name,
    PAYMENTMETHODNAME: o!.payment_method_name,
    MEDIO_COD: o!.medio_cod,
    CURRENCYCODE: 'EUR',
    LISTAMOUNT: o!.list_amount,
    NETAMOUNT: o!.net_amount,
    VATRATE: o!.vat_rate,
    VATAMOUNT: o!.vat_amount,
    TOTALAMOUNT: o!.total_amount,
    PAYMENTREFERENCE: o!.payment_reference,
    LINES: lines.map((l) => ({
      LINENUM: l.line_no,
      ITEMID: l.ref_jumasa,
      ITEMNAME: l.description,
      QTY: l.quantity,
      LISTPRICE: l.pv1d,
      SALESPRICE: l.net_price,
      LINEAMOUNT: l.net_amount,
    })),
  };
}
