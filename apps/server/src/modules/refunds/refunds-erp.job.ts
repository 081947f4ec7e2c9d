import { ERP_IMPORT_DEFAULTS, type ErpAdapter } from '../../db/erp-adapter.ts';
import { claimDue } from '../../db/erp-queue.ts';
import { type ErpQueueLog, erpQueueLoop, failureText } from '../../lib/erp-queue-loop.ts';
import { queueRefundMails } from './refund-mails.ts';
import type { RefundsRepository } from './refunds.repository.ts';
import {
  loadReturnOrder,
  lockDecided,
  markProcessed,
  REFUNDS_QUEUE,
  recordErpFailure,
  setReturnOrder,
  waitForCreditNote,
} from './refunds-erp.repository.ts';

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
  log?: ErpQueueLog;
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

  const claim = (): Promise<number[]> => claimDue(db, REFUNDS_QUEUE, clock(), o.leaseSeconds, o.batchSize);

  async function processOne(id: number): Promise<RefundsErpOutcome> {
    const now = clock();
    try {
      return await db.transaction(async (t) => {
        if (!(await lockDecided(t, id))) return 'skipped' as const;
        if (!adapter.importReturnOrder || !adapter.returnCreditNote) {
          throw new Error(`ERP adapter ${adapter.name} does not take return orders`);
        }
        const order = await loadReturnOrder(t, id);
        let outcome: RefundsErpOutcome = 'waiting';
        let returnSalesId = order.returnSalesId;
        if (!returnSalesId) {
          returnSalesId = (await adapter.importReturnOrder(order, { db: t, now })).returnSalesId;
          await setReturnOrder(t, id, returnSalesId);
          await repo.addEvent(t, id, 'exported', null, returnSalesId);
          outcome = 'exported';
        }
        const note = await adapter.returnCreditNote(returnSalesId, { db: t, now });
        if (note) {
          await markProcessed(t, id, note.creditNoteId, now);
          await repo.addEvent(t, id, 'processed', null, note.creditNoteId);
          await queueRefundMails(repo, t, id, 'processed', options.baseUrl ?? '', note.creditNoteId);
          return 'processed' as const;
        }
        await waitForCreditNote(t, id, new Date(now.getTime() + o.pollSeconds * 1000));
        return outcome;
      });
    } catch (error) {
      const message = failureText(error);
      await db.transaction(async (t) => {
        if (await recordErpFailure(t, id, message, now, o)) await repo.addEvent(t, id, 'erp_error', null, message);
      });
      options.log?.error({ refund: id, adapter: adapter.name, err: message }, 'ERP return order failed');
      return 'failed';
    }
  }

  const loop = erpQueueLoop<RefundsErpOutcome>({
    claim,
    processOne,
    outcomes: ['exported', 'processed', 'waiting', 'failed', 'skipped'],
    name: 'ERP return orders run',
    context: { adapter: adapter.name },
    log: options.log,
  });

  return { claim, processOne, runOnce: loop.runOnce, start: loop.start };
}
export type RefundsErpJob = ReturnType<typeof refundsErpJob>;
