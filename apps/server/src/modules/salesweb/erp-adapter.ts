import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * How web orders reach the ERP (docs/decisions/0012-erp-grids-and-counts.md, "The ERP import job").
 *
 * The import job hands each web order that is not imported yet to an `ErpAdapter`. The built-in adapter
 * (`builtInErpAdapter`) writes the ERP tables of this database (erp_sales_orders, erp_sales_lines), which is
 * what the demo and the tests use; a connector to a real ERP implements the same interface and is passed to
 * `erpImportJob` instead.
 */

/** One line of a web order, as the portal priced it. Money is a decimal string (2 decimals). */
export type ErpWebOrderLine = {
  lineNo: number;
  articleId: number;
  itemId: string;
  name: string;
  quantity: number;
  /** List price and the client's net price per unit; the net amount of the line (net price × quantity). */
  listPrice: string;
  netPrice: string;
  netAmount: string;
};

/** A web order (one store of a finished cart) as handed to the ERP. */
export type ErpWebOrder = {
  id: number;
  clientId: string;
  userName: string | null;
  orderedAt: Date;
  storeId: string;
  storeName: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  deliveryName: string;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  country: string | null;
  customerRef: string;
  remarks: string;
  dlvModeId: string;
  paymentMethodName: string;
  /** 0 web, 1 third party. */
  mediaCod: number;
  netAmount: string;
  lines: ErpWebOrderLine[];
};

export type ErpImportContext = {
  /**
   * The portal's database transaction in which the web order is being marked imported. An adapter that
   * writes to this same database writes through it, so that the ERP order and IMPORTED commit together;
   * a remote connector ignores it.
   */
  db: Db;
  now: Date;
};

export interface ErpAdapter {
  readonly name: string;
  /**
   * Creates the ERP sales order(s) of one web order and answers their ids (SALESID, stored as SalesRelated).
   *
   * - **Idempotent per web order id.** The job may call it again for a web order it already created (the
   *   process stopped between the ERP's answer and the portal's commit). It must then answer the ids it
   *   created the first time and create nothing more — for example by keeping the web order id as the
   *   ERP order's external reference and looking it up first.
   * - **Throws to fail.** The error's message (first 500 characters) becomes the web order's ERROR,
   *   REINTENTOSWEB counts one more attempt, and the job tries again later with a growing delay; after
   *   `maxRetries` attempts it waits for an administrator's reload (reloadNonProcessedCheckOut).
   * - It is called for one web order at a time, at most by one job run at a time per web order: the job
   *   holds the web order's row lock for the duration of the call.
   */
  importWebOrder(order: ErpWebOrder, context: ErpImportContext): Promise<{ salesIds: string[] }>;
}

/** SALESID of an imported web order: 41 + PW + the web order id, the shape the web shows without the 41. */
export const webSalesId = (webOrderId: number) => `41PW${String(webOrderId).padStart(7, '0')}`;

/** Thrown by the built-in adapter for an order the ERP refuses (the job records it and retries later). */
export class ErpRefusal extends Error {}

/**
 * The built-in ERP: one opened sales order (status 1, origin WEB) per web order, with its lines, in this
 * database. Idempotent through the unique web_order_id of erp_sales_orders.
 */
export const builtInErpAdapter: ErpAdapter = {
  name: 'built-in',
  async importWebOrder(order, { db, now }) {
    const existing = await queryRows<{ sales_id: string }>(
      db,
      sql`select sales_id from erp_sales_orders where web_order_id = ${order.id}`,
    );
    if (existing.length > 0) return { salesIds: existing.map((r) => r.sales_id) };
    if (order.lines.length === 0) throw new ErpRefusal('ERP: el pedido no tiene líneas');
    const [client] = await queryRows<{ orders_blocked: boolean }>(
      db,
      sql`select orders_blocked from clients where accountnum = ${order.clientId}`,
    );
    if (!client) throw new ErpRefusal(`ERP: cliente ${order.clientId} desconocido`);
    if (client.orders_blocked) throw new ErpRefusal(`ERP: el cliente ${order.clientId} tiene los pedidos bloqueados`);

    const salesId = webSalesId(order.id);
    await db.execute(sql`
      insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id, store_name,
        delivery_name, delivery_street, delivery_city, delivery_zipcode, status, dlv_mode, sales_origin_id,
        sales_taker, web_order_id)
      values (${salesId}, ${order.clientId}, ${now.toISOString()}, ${order.customerRef}, ${order.storeId},
        ${order.storeName}, ${order.deliveryName}, ${order.street}, ${order.city}, ${order.zipcode}, 1,
        ${order.dlvModeId}, 'WEB', 'Portal web', ${order.id})`);
    const values = order.lines.map((l) => {
      const list = Number(l.listPrice);
      const discount = list > 0 ? Math.max(0, Math.round((1 - Number(l.netPrice) / list) * 10000) / 100) : 0;
      return sql`(${salesId}, ${l.lineNo}, ${l.articleId}, ${l.itemId}, ${l.name}, ${l.quantity}, ${l.listPrice},
                  ${discount}, ${l.netAmount})`;
    });
    await db.execute(sql`
      insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct,
        line_amount)
      values ${sql.join(values, sql`, `)}`);
    return { salesIds: [salesId] };
  },
};
