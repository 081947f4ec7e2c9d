import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { ErpWebOrder } from '../../db/erp-adapter.ts';
import { type ErpBackOff, type ErpQueueTable, nextAttemptAfterFailure } from '../../db/erp-queue.ts';
import { countRow, idRow, int, pgText } from '../../db/rows.ts';

/** The web orders of the ERP import job (erp-import.job.ts): what it claims, reads and writes. */
export const WEB_ORDERS_QUEUE: ErpQueueTable = {
  table: 'web_orders',
  pending: sql`not imported`,
  nextAttempt: 'next_attempt_at',
};

const orderRow = z.object({
  id: int,
  client_accountnum: z.string(),
  username: z.string().nullable(),
  ordered_at: pgText,
  store_id: z.string(),
  store_name: z.string(),
  delivery_date: z.string(),
  delivery_name: z.string(),
  delivery_street: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_zipcode: z.string().nullable(),
  delivery_country: z.string().nullable(),
  customer_ref: z.string(),
  remarks: z.string(),
  dlv_mode_id: z.string(),
  payment_method_name: z.string(),
  medio_cod: int,
  net_amount: z.string(),
});
const lineRow = z.object({
  line_no: int,
  article_id: int,
  ref_jumasa: z.string(),
  description: z.string(),
  quantity: int,
  pv1d: z.string(),
  net_price: z.string(),
  net_amount: z.string(),
});

/** A web order not imported yet, locked, as the adapter takes it; null when it was imported meanwhile. */
export async function loadForImport(tx: Db, id: number): Promise<ErpWebOrder | null> {
  const [row] = await queryRows(
    tx,
    sql`select w.id::int as id, w.client_accountnum, u.username, w.ordered_at, w.store_id, w.store_name,
               to_char(w.delivery_date, 'YYYY-MM-DD') as delivery_date, w.delivery_name, w.delivery_street,
               w.delivery_city, w.delivery_zipcode, w.delivery_country, w.customer_ref, w.remarks, w.dlv_mode_id,
               w.payment_method_name, w.medio_cod::int as medio_cod, w.net_amount::text as net_amount
          from web_orders w left join users u on u.id = w.user_id
         where w.id = ${id} and not w.imported
         for update of w`,
    orderRow,
  );
  if (!row) return null;
  const lines = await queryRows(
    tx,
    sql`select line_no, article_id, ref_jumasa, description, quantity, pv1d::text as pv1d,
               net_price::text as net_price, net_amount::text as net_amount
          from web_order_lines where web_order_id = ${id} order by line_no`,
    lineRow,
  );
  return {
    id: row.id,
    clientId: row.client_accountnum,
    userName: row.username,
    orderedAt: new Date(row.ordered_at),
    storeId: row.store_id,
    storeName: row.store_name,
    deliveryDate: row.delivery_date,
    deliveryName: row.delivery_name,
    street: row.delivery_street,
    city: row.delivery_city,
    zipcode: row.delivery_zipcode,
    country: row.delivery_country,
    customerRef: row.customer_ref,
    remarks: row.remarks,
    dlvModeId: row.dlv_mode_id,
    paymentMethodName: row.payment_method_name,
    mediaCod: row.medio_cod,
    netAmount: row.net_amount,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      articleId: l.article_id,
      itemId: l.ref_jumasa,
      name: l.description,
      quantity: l.quantity,
      listPrice: l.pv1d,
      netPrice: l.net_price,
      netAmount: l.net_amount,
    })),
  };
}

/** Marks a web order imported as these ERP sales orders; the user who placed it (for the bell). */
export async function markImported(tx: Db, id: number, salesIds: string[]): Promise<string | null> {
  const [done] = await queryRows(
    tx,
    sql`update web_orders set imported = true, error = null, sales_related = ${salesIds.join(',')},
               next_attempt_at = null, erp_claimed_until = null
         where id = ${id} returning user_id`,
    z.object({ user_id: z.string().nullable() }),
  );
  return done?.user_id ?? null;
}

/** A failed import: the message, one retry more, the next attempt (db/erp-queue.ts), the lease given back. */
export async function recordImportFailure(db: Db, id: number, message: string, now: Date, backOff: ErpBackOff) {
  await db.execute(
    sql`update web_orders
           set error = ${message},
               retries = retries + 1,
               next_attempt_at = ${nextAttemptAfterFailure(sql`retries`, now, backOff)},
               erp_claimed_until = null
         where id = ${id} and not imported`,
  );
}

/**
 * POST reloadNonProcessedCheckOut: web orders not imported that wait for a later retry or were parked after
 * too many failures become due now. A web order being imported (its lease running) is left to that import.
 */
export async function requeueNotImported(db: Db, now: Date): Promise<{ queued: number; pending: number }> {
  const queued = await queryRows(
    db,
    sql`update web_orders set next_attempt_at = ${now.toISOString()}
         where not imported and next_attempt_at > ${now.toISOString()}
         returning id::int as id`,
    idRow,
  );
  const [pending] = await queryRows(db, sql`select count(*)::int as n from web_orders where not imported`, countRow);
  return { queued: queued.length, pending: pending?.n ?? 0 };
}

/** The web orders waiting for the ERP, and how long the oldest has waited (for /metrics). */
export async function webOrderQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(ordered_at))::float8 as oldest
          from web_orders where not imported`,
    z.object({ depth: int, oldest: z.number().nullable() }),
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
