import { REFUND_MESSAGES, REFUND_STATUS, type RefundLineDecision } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { recordEvent } from '../../db/integration-events.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { queueRefundMails } from './refund-mails.ts';
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
  const tx = <T>(work: (t: Db) => Promise<T>) => db.transaction((t) => work(t as unknown as Db));

  return {
    async receive(id: number, baseUrl: string) {
      await tx(async (t) => {
        const refund = await repo.refund(t, id, null, true);
        if (!refund || refund.stage === 'cart') throw notFound();
        if (refund.stage !== 'requested') throw badRequest(REFUND_MESSAGES.stateChanged, refund.stage);
        await t.execute(sql`update refunds set stage = 'received' where id = ${id}`);
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
        await t.execute(
          sql`update refund_lines set decision = ${decision},
                     decision_reason = ${decision === 'rejected' ? reason : reason || null},
                     decided_at = ${clock().toISOString()} where id = ${lineId}`,
        );
        await repo.addEvent(t, line.refund_id, decision, lineId, reason || null);
        const [left] = await queryRows<{ open: number; accepted: number }>(
          t,
          sql`select count(*) filter (where decision is null)::int as open,
                     count(*) filter (where decision = 'accepted')::int as accepted
                from refund_lines where refund_id = ${line.refund_id}`,
        );
        if (left!.open > 0) return;
        if (left!.accepted > 0) {
          await t.execute(
            sql`update refunds set stage = 'decided', erp_next_attempt_at = ${clock().toISOString()}, erp_retries = 0
                 where id = ${line.refund_id}`,
          );
          await queueRefundMails(repo, t, line.refund_id, 'decided', baseUrl);
          // Ready for the ERP: its event in the same transaction (decision 0059).
          await recordEvent(t, {
            type: 'refund.decided',
            objectKey: `refund:${line.refund_id}`,
            payload: await repo.decidedData(t, line.refund_id),
          });
        } else {
          await t.execute(
            sql`update refunds set stage = 'rejected', status = ${REFUND_STATUS.processed},
                       processed_at = ${clock().toISOString()} where id = ${line.refund_id}`,
          );
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
        const rows = await queryRows<{ id: number }>(
          t,
          sql`update refunds set erp_next_attempt_at = ${clock().toISOString()}, erp_retries = 0
               where id = ${id} and stage = 'decided' returning id::int as id`,
        );
        if (rows.length === 0) {
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
      const [r] = await queryRows<{ stage: string; status: number; return_sales_id: string | null }>(
        db,
        sql`select stage, status::int as status, return_sales_id from refunds where id = ${id}`,
      );
      if (r?.stage === 'processed') return 'processed';
      if (r?.status === REFUND_STATUS.error) return 'failed';
      return r?.return_sales_id ? 'exported' : 'waiting';
    },
  };
}
export type RefundsStaffService = ReturnType<typeof refundsStaffService>;
