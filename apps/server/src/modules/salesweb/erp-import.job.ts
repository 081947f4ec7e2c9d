import type { Db } from '../../db/client.ts';
import { ERP_IMPORT_DEFAULTS, type ErpAdapter } from '../../db/erp-adapter.ts';
import { claimDue } from '../../db/erp-queue.ts';
import { notify } from '../../db/notifications.ts';
import { type ErpQueueLog, erpQueueLoop, failureText } from '../../lib/erp-queue-loop.ts';
import { loadForImport, markImported, recordImportFailure, WEB_ORDERS_QUEUE } from './erp-import.repository.ts';

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
  log?: ErpQueueLog;
  batchSize?: number;
  leaseSeconds?: number;
  maxRetries?: number;
  baseDelaySeconds?: number;
  maxDelaySeconds?: number;
};

export type ErpImportOutcome = 'imported' | 'failed' | 'skipped';
export type ErpImportRun = { claimed: number; imported: number; failed: number; skipped: number };

export function erpImportJob(options: ErpImportJobOptions) {
  const { db, adapter } = options;
  const clock = options.clock ?? (() => new Date());
  const o = { ...ERP_IMPORT_DEFAULTS, ...stripUndefined(options) };

  /** Gives a lease to up to `limit` due web orders and answers their ids, oldest due first. */
  const claim = (limit: number = o.batchSize): Promise<number[]> =>
    claimDue(db, WEB_ORDERS_QUEUE, clock(), o.leaseSeconds, limit);

  /** Imports one claimed web order: imported, failed (recorded, retried later) or skipped (already done). */
  async function importOne(id: number): Promise<ErpImportOutcome> {
    const now = clock();
    try {
      return await db.transaction(async (tx) => {
        const order = await loadForImport(tx, id);
        if (!order) return 'skipped' as const;
        const { salesIds } = await adapter.importWebOrder(order, { db: tx, now });
        if (salesIds.length === 0) throw new Error(`ERP adapter ${adapter.name} answered no sales id`);
        const userId = await markImported(tx, id, salesIds);
        // The person who placed it reads it in the bell (decision 0075).
        await notify(tx, userId, {
          kind: 'web_order_imported',
          params: { webOrderId: id, salesIds: salesIds.join(',') },
        });
        return 'imported' as const;
      });
    } catch (error) {
      const message = failureText(error);
      await recordImportFailure(db, id, message, now, o);
      options.log?.error({ webOrder: id, adapter: adapter.name, err: message }, 'ERP import of a web order failed');
      return 'failed';
    }
  }

  /** One pass: claim the due web orders and import them one by one; `start` runs one every `intervalMs`. */
  const loop = erpQueueLoop<ErpImportOutcome>({
    claim: () => claim(),
    processOne: importOne,
    outcomes: ['imported', 'failed', 'skipped'],
    name: 'ERP import run',
    context: { adapter: adapter.name },
    log: options.log,
  });

  return { claim, importOne, runOnce: loop.runOnce, start: loop.start };
}
export type ErpImportJob = ReturnType<typeof erpImportJob>;

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
