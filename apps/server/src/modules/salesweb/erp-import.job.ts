import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { ERP_IMPORT_DEFAULTS, type ErpAdapter, type ErpWebOrder } from '../../db/erp-adapter.ts';
import { notify } from '../../db/notifications.ts';

/**
 * The background job that turns web orders not imported yet into ERP sales orders (decision 0012).
 *
 * Its whole state is in `web_orders` (IMPORTED, ERROR, REINTENTOSWEB, next_attempt_at, erp_claimed_until), so
 * it survives restarts and runs on any number of instances:
 * 1. **Claim.** One statement picks the due web orders (`for update skip locked`, so two instances never pick
 *    the same) and gives each a lease (`erp_claimed_until`). A web order whose lease is running is left alone;
 *    if the instance that claimed it stops, it is due again when the lease runs out.
 * 2. **Import**, one web order per transaction: lock its row, skip it if it got imported meanwhile, call the
 *    adapter, set IMPORTED, SalesRelated, clear ERROR. The built-in adapter writes the ERP order in the same
 *    transaction, so either both are there or neither.
 * 3. **On failure**, ERROR gets the message, REINTENTOSWEB one more, and next_attempt_at a delay that doubles
 *    with each retry (`baseDelaySeconds` up to `maxDelaySeconds`); after `maxRetries` it is parked
 *    (next_attempt_at = infinity) until an administrator reloads it (`requeue`).
 */

export type ErpImportJobOptions = {
  db: Db;
  adapter: ErpAdapter;
  clock?: () => Date;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  batchSize?: number;
  leaseSeconds?: number;
  maxRetries?: number;
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
};

export type ErpImportOutcome = 'imported' | 'failed' | 'skipped';
export type ErpImportRun = { claimed: number; imported: number; failed: number; skipped: number };

type OrderRow = {
  id: number;
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
  payment_method_name: string;
  medio_cod: number;
  net_amount: string;
};
type LineRow = {
  line_no: number;
  article_id: number;
  ref_jumasa: string;
  description: string;
  quantity: number;
  pv1d: string;
  net_price: string;
  net_amount: string;
};

export function erpImportJob(options: ErpImportJobOptions) {
  const { db, adapter } = options;
  const clock = options.clock ?? (() => new Date());
  const o = { ...ERP_IMPORT_DEFAULTS, ...stripUndefined(options) };

  /** Gives a lease to up to `limit` due web orders and answers their ids, oldest due first. */
  async function claim(limit: number = o.batchSize): Promise<number[]> {
    const now = clock();
    const until = new Date(now.getTime() + o.leaseSeconds * 1000);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update web_orders w set erp_claimed_until = ${until.toISOString()}
          where w.id in (
            select id from web_orders
             where not imported
               and coalesce(next_attempt_at, '-infinity') <= ${now.toISOString()}
               and coalesce(erp_claimed_until, '-infinity') <= ${now.toISOString()}
             order by coalesce(next_attempt_at, '-infinity'), id
             limit ${limit}
             for update skip locked)
          returning w.id::int as id`,
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async function load(tx: Db, id: number): Promise<ErpWebOrder | null> {
    const [row] = await queryRows<OrderRow>(
      tx,
      sql`select w.id::int as id, w.client_accountnum, u.username, w.ordered_at, w.store_id, w.store_name,
                 to_char(w.delivery_date, 'YYYY-MM-DD') as delivery_date, w.delivery_name, w.delivery_street,
                 w.delivery_city, w.delivery_zipcode, w.delivery_country, w.customer_ref, w.remarks, w.dlv_mode_id,
                 w.payment_method_name, w.medio_cod::int as medio_cod, w.net_amount::text as net_amount
            from web_orders w left join users u on u.id = w.user_id
           where w.id = ${id} and not w.imported
           for update of w`,
    );
    if (!row) return null;
    const lines = await queryRows<LineRow>(
      tx,
      sql`select line_no, article_id, ref_jumasa, description, quantity, pv1d::text as pv1d,
                 net_price::text as net_price, net_amount::text as net_amount
            from web_order_lines where web_order_id = ${id} order by line_no`,
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

  /** Imports one claimed web order: imported, failed (recorded, retried later) or skipped (already done). */
  async function importOne(id: number): Promise<ErpImportOutcome> {
    const now = clock();
    try {
      return await db.transaction(async (tx) => {
        const order = await load(tx as unknown as Db, id);
        if (!order) return 'skipped' as const;
        const { salesIds } = await adapter.importWebOrder(order, { db: tx as unknown as Db, now });
        if (salesIds.length === 0) throw new Error(`ERP adapter ${adapter.name} answered no sales id`);
        const [done] = await queryRows<{ user_id: string }>(
          tx as unknown as Db,
          sql`update web_orders set imported = true, error = null, sales_related = ${salesIds.join(',')},
                     next_attempt_at = null, erp_claimed_until = null
               where id = ${id} returning user_id`,
        );
        // The person who placed it reads it in the bell (decision 0075).
        await notify(tx as unknown as Db, done?.user_id ?? null, {
          kind: 'web_order_imported',
          params: { webOrderId: id, salesIds: salesIds.join(',') },
        });
        return 'imported' as const;
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ERP error';
      await db.execute(
        sql`update web_orders
               set error = ${message},
                   retries = retries + 1,
                   next_attempt_at = case when retries + 1 >= ${o.maxRetries} then 'infinity'::timestamptz
                     else ${now.toISOString()}::timestamptz
                          + least(${o.baseDelaySeconds} * power(2, retries), ${o.maxDelaySeconds}) * interval '1 second'
                   end,
                   erp_claimed_until = null
             where id = ${id} and not imported`,
      );
      options.log?.error({ webOrder: id, adapter: adapter.name, err: message }, 'ERP import of a web order failed');
      return 'failed';
    }
  }

  /** One pass: claim the due web orders and import them one by one. */
  async function runOnce(): Promise<ErpImportRun> {
    const ids = await claim();
    const run: ErpImportRun = { claimed: ids.length, imported: 0, failed: 0, skipped: 0 };
    for (const id of ids) run[await importOne(id)]++;
    if (run.claimed > 0) options.log?.info({ ...run, adapter: adapter.name }, 'ERP import run');
    return run;
  }

  /** Runs `runOnce` every `intervalMs` (never two at once) until stopped; stop waits for the running pass. */
  function start(intervalMs: number) {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      if (stopped) return;
      running = runOnce()
        .catch((error) => options.log?.error({ err: error }, 'ERP import run failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        });
    };
    let timer: NodeJS.Timeout | undefined = setTimeout(tick, Math.min(intervalMs, 1000));
    return {
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
      },
    };
  }

  return { claim, importOne, runOnce, start };
}
export type ErpImportJob = ReturnType<typeof erpImportJob>;

/**
 * POST reloadNonProcessedCheckOut: web orders not imported that wait for a later retry or were parked after
 * too many failures become due now. A web order being imported (its lease running) is left to that import.
 */
export async function requeueNotImported(db: Db, now: Date): Promise<{ queued: number; pending: number }> {
  const queued = await queryRows<{ id: number }>(
    db,
    sql`update web_orders set next_attempt_at = ${now.toISOString()}
         where not imported and next_attempt_at > ${now.toISOString()}
         returning id::int as id`,
  );
  const [pending] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from web_orders where not imported`,
  );
  return { queued: queued.length, pending: pending?.n ?? 0 };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The web orders waiting for the ERP, and how long the oldest has waited (for /metrics). */
export async function webOrderQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(ordered_at))::float8 as oldest
          from web_orders where not imported`,
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
