import { REFUND_MESSAGES, REFUND_STATUS, type RefundLineDecision } from '@portal/contract/refunds';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { queueRefundMails } from './refund-mails.ts';
import { refundStages } from './refund-stages.repository.ts';
import type { RefundsRepository } from './refunds.repository.ts';

type Deps = { repo: RefundsRepository; clock: () => Date };

/**
 * What staff (rank 2) do with a refund (decision 0030): receive it, accept or reject each line (a rejection
 * with a reason the customer sees), write internal notes, and put a refund the ERP refused back in the queue.
 * When the last line is decided the refund is `decided` (some accepted: the ERP job sends the return order) or
 * `rejected` (closed, STATUS 2). Each step is one transaction with its timeline event and e-mail.
 */
export function refundsStaffService({ repo, clock }: Deps) {
  const db = repo.db;
  const tx = <T>(work: (t: Db) => Promise<T>) => db.transaction((t) => work(t));

  return {
    async receive(id: number, baseUrl: string) {
      await tx(async (t) => {
        const refund = await repo.refund(t, id, null, true);
        if (!refund || refund.stage === 'cart') throw notFound();
        if (refund.stage !== 'requested') throw badRequest(REFUND_MESSAGES.stateChanged, refund.stage);
        await refundStages.received(t, id);
        await repo.addEvent(t, id, 'received');
        await queueRefundMails(repo, t, id, 'received', baseUrl);
      });
    },

    async decide(lineId: number, decision: RefundLineDecision, reason: string, baseUrl: string) {
      await tx(async (t) => {
        const line = await repo.line(t, lineId, null);
        if (!line || line.stage === 'cart') throw notFound();
        const refund = await repo.refund(t, line.refund_id, null, true);
        if (refund?.stage !== 'received') throw badRequest(REFUND_MESSAGES.stateChanged, refund?.stage);
        await refundStages.lineDecided(t, lineId, decision, reason, clock());
        await repo.addEvent(t, line.refund_id, decision, lineId, reason || null);
        const left = await refundStages.decisionsLeft(t, line.refund_id);
        if (left.open > 0) return;
        if (left.accepted > 0) {
          await refundStages.decided(t, line.refund_id, clock());
          await queueRefundMails(repo, t, line.refund_id, 'decided', baseUrl);
          // Ready for the ERP: its event in the same transaction (decision 0059).
          await recordEvent(t, {
            type: 'refund.decided',
            objectKey: `refund:${line.refund_id}`,
            payload: await repo.decidedData(t, line.refund_id),
          });
        } else {
          await refundStages.rejected(t, line.refund_id, clock());
          await queueRefundMails(repo, t, line.refund_id, 'rejected', baseUrl);
        }
      });
    },

    async addNote(p: Principal, id: number, body: string) {
      const refund = await repo.refund(db, id, null);
      if (!refund || refund.stage === 'cart') throw notFound();
      await repo.addNote(id, p.username, body);
      return repo.notes(id);
    },

    /**
     * A decided refund goes to the ERP again: its `refund.decided` event is written once more (the ERP answers through
     * the refund-results feed, decision 0067), and its retries count from 0.
     */
    async requeue(id: number) {
      await tx(async (t) => {
        if (!(await refundStages.requeued(t, id, clock()))) {
          const refund = await repo.refund(t, id, null);
          if (!refund || refund.stage === 'cart') throw notFound();
          throw badRequest(REFUND_MESSAGES.stateChanged, refund.stage);
        }
        await recordEvent(t, {
          type: 'refund.decided',
          objectKey: `refund:${id}`,
          payload: await repo.decidedData(t, id),
        });
      });
    },

    /** Where the ERP's answers left a refund: processed, failed (its error), exported (return order) or waiting. */
    async erpOutcome(id: number): Promise<'processed' | 'failed' | 'exported' | 'waiting'> {
      const r = await refundStages.erpState(db, id);
      if (r?.stage === 'processed') return 'processed';
      if (r?.status === REFUND_STATUS.error) return 'failed';
      return r?.return_sales_id ? 'exported' : 'waiting';
    },
  };
}
export type RefundsStaffService = ReturnType<typeof refundsStaffService>;
