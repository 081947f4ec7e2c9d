import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { creditNoteId, returnSalesId, webSalesId } from '../lib/erp-document-ids.ts';
import { lineAmountSql } from '../lib/vat.sql.ts';
import { type Db, queryRows } from './client.ts';
import { int, pgText } from './rows.ts';

/**
 * How web orders reach the ERP (docs/decisions/0012-erp-grids-and-counts.md, "The ERP import job").
 *
 * The import job hands each web order that is not imported yet to an `ErpAdapter`. The built-in adapter
 * (`builtInErpAdapter`) writes the ERP tables of this database (erp_sales_orders, erp_sales_lines), which is
 * what the demo and the tests use; a connector to a real ERP implements the same interface and is passed to
 * `erpImportJob` instead.
 */

/** How the ERP jobs (web orders, returns) claim, lease and retry, unless told otherwise. */
export const ERP_IMPORT_DEFAULTS = {
  batchSize: 20,
  leaseSeconds: 300,
  maxRetries: 8,
  baseDelaySeconds: 60,
  maxDelaySeconds: 6 * 3600,
} as const;

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
  /**
   * Return orders (issue 13, decision 0030), optional: an adapter without them leaves decided refunds waiting.
   * `importReturnOrder` creates the ERP return order of a refund's accepted lines and answers its id
   * (RETURNSALESTABLEID); idempotent per refund id and throwing to fail, like `importWebOrder`.
   * `returnCreditNote` answers the credit note the ERP made for a return order, or null while it has none.
   * `creditNotePdf` answers the credit note's PDF, or null when the ERP has none.
   */
  importReturnOrder?(order: ErpReturnOrder, context: ErpImportContext): Promise<{ returnSalesId: string }>;
  returnCreditNote?(returnSalesId: string, context: ErpImportContext): Promise<ErpCreditNote | null>;
  creditNotePdf?(creditNoteId: string, context: ErpImportContext): Promise<Buffer | null>;
}

/** One accepted line of a refund, as handed to the ERP: the delivered packing slip line it returns. */
export type ErpReturnOrderLine = {
  lineId: number;
  packingSlipId: string;
  packingSlipLineNo: number;
  itemId: string;
  name: string;
  quantity: number;
  reasonId: number;
};

/** A refund (its accepted lines) as handed to the ERP as a return order. */
export type ErpReturnOrder = {
  refundId: number;
  clientId: string;
  storeId: string | null;
  requestedAt: Date;
  observations: string;
  address: string | null;
  lines: ErpReturnOrderLine[];
};

export type ErpCreditNote = { creditNoteId: string; amount: string; date: Date };

/** Thrown by the built-in adapter for an order the ERP refuses (the job records it and retries later). */
export class ErpRefusal extends Error {}

/**
 * The built-in ERP: one opened sales order (status 1, origin WEB) per web order, with its lines, in this
 * database. Idempotent through the unique web_order_id of erp_sales_orders.
 */
export const builtInErpAdapter: ErpAdapter = {
  name: 'built-in',
  async importWebOrder(order, { db, now }) {
    const existing = await queryRows(
      db,
      sql`select sales_id from erp_sales_orders where web_order_id = ${order.id}`,
      z.object({ sales_id: z.string() }),
    );
    if (existing.length > 0) return { salesIds: existing.map((r) => r.sales_id) };
    if (order.lines.length === 0) throw new ErpRefusal('ERP: el pedido no tiene líneas');
    const [client] = await queryRows(
      db,
      sql`select orders_blocked from clients where accountnum = ${order.clientId}`,
      z.object({ orders_blocked: z.boolean() }),
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

/** A credited return order: its note, the amount as numeric text (a decimal string, as ErpCreditNote says), when. */
const creditedRow = z.object({ credit_note_id: z.string(), amount: z.string(), credited_at: pgText });

/**
 * The built-in ERP's return orders (erp_return_orders): the order is made at once; its credit note the first
 * time the job asks for it (valued at the net price of the delivered sales lines); the PDF made on demand.
 */
Object.assign(builtInErpAdapter, {
  async importReturnOrder(order: ErpReturnOrder, { db, now }: ErpImportContext) {
    const id = returnSalesId(order.refundId);
    if (order.lines.length === 0) throw new ErpRefusal('ERP: la devolución no tiene líneas aceptadas');
    await db.execute(sql`
      insert into erp_return_orders (return_sales_id, refund_id, client_accountnum, created_at)
      values (${id}, ${order.refundId}, ${order.clientId}, ${now.toISOString()})
      on conflict (refund_id) do nothing`);
    const [row] = await queryRows(
      db,
      sql`select return_sales_id from erp_return_orders where refund_id = ${order.refundId}`,
      z.object({ return_sales_id: z.string() }),
    );
    return { returnSalesId: row!.return_sales_id };
  },

  async returnCreditNote(returnSales: string, { db, now }: ErpImportContext): Promise<ErpCreditNote | null> {
    const [order] = await queryRows(
      db,
      sql`select refund_id::int as refund_id, credit_note_id from erp_return_orders where return_sales_id = ${returnSales}`,
      z.object({ refund_id: int, credit_note_id: z.string().nullable() }),
    );
    if (!order) return null;
    if (!order.credit_note_id) {
      await db.execute(sql`
        update erp_return_orders o set credit_note_id = ${creditNoteId(order.refund_id)}, credited_at = ${now.toISOString()},
          credit_amount = coalesce((
            select sum(${lineAmountSql(sql`sl.sales_price`, sql`l.quantity`, sql`sl.discount_pct`)})
              from refund_lines l
              join erp_packing_slip_lines pl on pl.packing_slip_id = l.packing_slip_id and pl.line_no = l.packing_slip_line_no
              join erp_sales_lines sl on sl.sales_id = pl.sales_id and sl.line_no = pl.sales_line_no
             where l.refund_id = o.refund_id and l.decision = 'accepted'), 0)
        where o.return_sales_id = ${returnSales}`);
    }
    // Credited now or before: the note's columns are set (the update above sets them together).
    const [done] = await queryRows(
      db,
      sql`select credit_note_id, credit_amount::text as amount, credited_at from erp_return_orders
           where return_sales_id = ${returnSales}`,
      creditedRow,
    );
    return { creditNoteId: done!.credit_note_id, amount: done!.amount, date: new Date(done!.credited_at) };
  },

  async creditNotePdf(id: string, { db }: ErpImportContext): Promise<Buffer | null> {
    const [note] = await queryRows(
      db,
      sql`select return_sales_id, refund_id::int as refund_id, client_accountnum, credit_amount::text as amount,
                 credited_at from erp_return_orders where credit_note_id = ${id}`,
      z.object({
        return_sales_id: z.string(),
        refund_id: int,
        client_accountnum: z.string(),
        amount: z.string(),
        credited_at: pgText,
      }),
    );
    if (!note) return null;
    const lines = await queryRows(
      db,
      sql`select item_id, name, quantity from refund_lines
           where refund_id = ${note.refund_id} and decision = 'accepted' order by id`,
      z.object({ item_id: z.string(), name: z.string(), quantity: int }),
    );
    const { creditNoteDocument } = await import('../lib/credit-note-pdf.ts');
    return creditNoteDocument({
      creditNoteId: id,
      returnSalesId: note.return_sales_id,
      refundId: note.refund_id,
      clientId: note.client_accountnum,
      amount: note.amount,
      date: new Date(note.credited_at),
      lines,
    });
  },
} satisfies Partial<ErpAdapter>);
