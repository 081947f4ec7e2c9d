import { REFUND_STATUS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { ERP_IMPORT_DEFAULTS, type ErpAdapter, type ErpReturnOrder } from '../../db/erp-adapter.ts';
import { queueRefundMails } from './refund-mails.ts';
import type { RefundsRepository } from './refunds.repository.ts';

/**
 * Return orders to the ERP and its answers back (decision 0030), through the web orders' adapter and with their
 * job's rules: the state is in `refunds` (stage 'decided', erp_next_attempt_at, erp_claimed_until, erp_retries,
 * erp_error), claimed with `for update skip locked` under a lease, one refund per transaction.
 *
 * A decided refund is sent once (`importReturnOrder`, RETURNSALESTABLEID set, event 'exported'), then asked for
 * its credit note (`returnCreditNote`) every `pollSeconds` until the ERP has one: then it is Processed (STATUS 2,
 * Fecha_Tramitacion, the credit note's id, event 'processed', e-mail). A failure sets STATUS 3 (Error) with the
 * message, counts a retry and waits a doubling delay; after `maxRetries` it waits for staff (requeue).
 */
export type RefundsErpJobOptions = {
  repo: RefundsRepository;
  adapter: ErpAdapter;
  clock?: () => Date;
  baseUrl?: string;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  batchSize?: number;
  leaseSeconds?: number;
  maxRetries?: number;
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
  /** How long to wait before asking the ERP again for a credit note it has not made yet. */
  pollSeconds?: number;
};

export type RefundsErpOutcome = 'exported' | 'processed' | 'waiting' | 'failed' | 'skipped';

export function refundsErpJob(options: RefundsErpJobOptions) {
  const { repo, adapter } = options;
  const db = repo.db;
  const clock = options.clock ?? (() => new Date());
  const o = {
    batchSize: options.batchSize ?? ERP_IMPORT_DEFAULTS.batchSize,
    leaseSeconds: options.leaseSeconds ?? ERP_IMPORT_DEFAULTS.leaseSeconds,
    maxRetries: options.maxRetries ?? ERP_IMPORT_DEFAULTS.maxRetries,
    baseDelaySeconds: options.baseDelaySeconds ?? ERP_IMPORT_DEFAULTS.baseDelaySeconds,
    maxDelaySeconds: options.maxDelaySeconds ?? ERP_IMPORT_DEFAULTS.maxDelaySeconds,
    pollSeconds: options.pollSeconds ?? 300,
  };

  async function claim(): Promise<number[]> {
    const now = clock().toISOString();
    const until = new Date(clock().getTime() + o.leaseSeconds * 1000).toISOString();
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update refunds r set erp_claimed_until = ${until}
           where r.id in (
             select id from refunds
              where stage = 'decided'
                and coalesce(erp_next_attempt_at, '-infinity') <= ${now}
                and coalesce(erp_claimed_until, '-infinity') <= ${now}
              order by coalesce(erp_next_attempt_at, '-infinity'), id
              limit ${o.batchSize}
              for update skip locked)
          returning r.id::int as id`,
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async function load(t: Db, id: number): Promise<ErpReturnOrder & { returnSalesId: string | null; status: number }> {
    const [r] = await queryRows<{
      client_accountnum: string;
      store_id: string | null;
      requested_at: Date | string;
      observations: string;
      address_text: string | null;
      return_sales_id: string | null;
      status: number;
    }>(
      t,
      sql`select client_accountnum, store_id, requested_at, observations, address_text, return_sales_id,
                 status::int as status
            from refunds where id = ${id}`,
    );
    const lines = await queryRows<{
      id: number;
      packing_slip_id: string;
      packing_slip_line_no: number;
      item_id: string;
      name: string;
      quantity: number;
      reason_id: number;
    }>(
      t,
      sql`select id::int as id, packing_slip_id, packing_slip_line_no, item_id, name, quantity, reason_id::int as reason_id
            from refund_lines where refund_id = ${id} and decision = 'accepted' order by id`,
    );
    return {
      refundId: id,
      clientId: r!.client_accountnum,
      storeId: r!.store_id,
      requestedAt: new Date(r!.requested_at),
      observations: r!.observations,
      address: r!.address_text,
      returnSalesId: r!.return_sales_id,
      status: r!.status,
      lines: lines.map((l) => ({
        lineId: l.id,
        packingSlipId: l.packing_slip_id,
        packingSlipLineNo: l.packing_slip_line_no,
        itemId: l.item_id,
        name: l.name,
        quantity: l.quantity,
        reasonId: l.reason_id,
      })),
    };
  }

  async function processOne(id: number): Promise<RefundsErpOutcome> {
    const now = clock();
    try {
      return await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const locked = await queryRows(
          t,
          sql`select id from refunds where id = ${id} and stage = 'decided' for update`,
        );
        if (locked.length === 0) return 'skipped' as const;
        if (!adapter.importReturnOrder || !adapter.returnCreditNote) {
          throw new Error(`ERP adapter ${adapter.name} does not take return orders`);
        }
        const order = await load(t, id);
        let outcome: RefundsErpOutcome = 'waiting';
        let returnSalesId = order.returnSalesId;
        if (!returnSalesId) {
          returnSalesId = (await adapter.importReturnOrder(order, { db: t, now })).returnSalesId;
          await t.execute(sql`update refunds set return_sales_id = ${returnSalesId} where id = ${id}`);
          await repo.addEvent(t, id, 'exported', null, returnSalesId);
          outcome = 'exported';
        }
        const note = await adapter.returnCreditNote(returnSalesId, { db: t, now });
        if (note) {
          await t.execute(
            sql`update refunds set stage = 'processed', status = ${REFUND_STATUS.processed},
                       processed_at = ${now.toISOString()}, credit_note_id = ${note.creditNoteId}, erp_error = null,
                       erp_next_attempt_at = null, erp_claimed_until = null
                 where id = ${id}`,
          );
          await repo.addEvent(t, id, 'processed', null, note.creditNoteId);
          await queueRefundMails(repo, t, id, 'processed', options.baseUrl ?? '', note.creditNoteId);
          return 'processed' as const;
        }
        await t.execute(
          sql`update refunds set status = ${REFUND_STATUS.pending}, erp_error = null, erp_claimed_until = null,
                     erp_next_attempt_at = ${new Date(now.getTime() + o.pollSeconds * 1000).toISOString()}
               where id = ${id}`,
        );
        return outcome;
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ERP error';
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [row] = await queryRows<{ status: number }>(
          t,
          sql`update refunds
                 set erp_error = ${message}, status = ${REFUND_STATUS.error}, erp_retries = erp_retries + 1,
                     erp_next_attempt_at = case when erp_retries + 1 >= ${o.maxRetries} then 'infinity'::timestamptz
                       else ${now.toISOString()}::timestamptz
                            + least(${o.baseDelaySeconds} * power(2, erp_retries), ${o.maxDelaySeconds}) * interval '1 second'
                     end,
                     erp_claimed_until = null
               where id = ${id} and stage = 'decided'
           returning status::int as status`,
        );
        if (row) await repo.addEvent(t, id, 'erp_error', null, message);
      });
      options.log?.error({ refund: id, adapter: adapter.name, err: message }, 'ERP return order failed');
      return 'failed';
    }
  }

  async function runOnce() {
    const ids = await claim();
    const run = { claimed: ids.length, exported: 0, processed: 0, waiting: 0, failed: 0, skipped: 0 };
    for (const id of ids) run[await processOne(id)]++;
    if (run.claimed > 0) options.log?.info({ ...run, adapter: adapter.name }, 'ERP return orders run');
    return run;
  }

  function start(intervalMs: number) {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      if (stopped) return;
      running = runOnce()
        .catch((error) => options.log?.error({ err: error }, 'ERP return orders run failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        });
    };
    timer = setTimeout(tick, Math.min(intervalMs, 1000));
    return {
      async stop() {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
      },
    };
  }

  return { claim, processOne, runOnce, start };
}
export type RefundsErpJob = ReturnType<typeof refundsErpJob>;

/** The decided refunds waiting for the ERP, and how long since the oldest was requested (for /metrics). */
export async function refundQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(requested_at))::float8 as oldest
          from refunds where stage = 'decided'`,
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
