import { REFUND_STATUS, type RefundLineDecision } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { idRow } from '../../db/rows.ts';

/**
 * The steps of a refund's life as they are written (decision 0030): requested, cancelled, received, each line
 * decided, then decided (for the ERP) or rejected. `tx`: the service's transaction, which adds the timeline event
 * and the mails; `at`: the service's clock.
 */
export const refundStages = {
  async requested(
    tx: Db,
    id: number,
    at: Date,
    v: {
      observations: string;
      address_id: number;
      address_text: string;
      store_id: string | null;
      store_name: string | null;
    },
  ): Promise<void> {
    await tx.execute(
      sql`update refunds set stage = 'requested', status = ${REFUND_STATUS.pending},
                 requested_at = ${at.toISOString()}, observations = ${v.observations},
                 address_id = ${v.address_id}, address_text = ${v.address_text},
                 store_id = ${v.store_id}, store_name = ${v.store_name}
           where id = ${id}`,
    );
  },

  async cancelled(tx: Db, id: number, at: Date): Promise<void> {
    await tx.execute(
      sql`update refunds set stage = 'cancelled', status = ${REFUND_STATUS.processed},
                 processed_at = ${at.toISOString()} where id = ${id}`,
    );
  },

  async received(tx: Db, id: number): Promise<void> {
    await tx.execute(sql`update refunds set stage = 'received' where id = ${id}`);
  },

  /** A line's decision; the reason is kept for a rejection even when empty. */
  async lineDecided(tx: Db, lineId: number, decision: RefundLineDecision, reason: string, at: Date): Promise<void> {
    await tx.execute(
      sql`update refund_lines set decision = ${decision},
                 decision_reason = ${decision === 'rejected' ? reason : reason || null},
                 decided_at = ${at.toISOString()} where id = ${lineId}`,
    );
  },

  /** How many lines of a refund wait for a decision, and how many were accepted. */
  async decisionsLeft(tx: Db, refundId: number): Promise<{ open: number; accepted: number }> {
    const [left] = await queryRows(
      tx,
      sql`select count(*) filter (where decision is null)::int as open,
                 count(*) filter (where decision = 'accepted')::int as accepted
            from refund_lines where refund_id = ${refundId}`,
      z.object({ open: z.number(), accepted: z.number() }),
    );
    return left ?? { open: 0, accepted: 0 };
  },

  /** Every line decided, some accepted: for the ERP from `at`, its retries from 0. */
  async decided(tx: Db, refundId: number, at: Date): Promise<void> {
    await tx.execute(
      sql`update refunds set stage = 'decided', erp_next_attempt_at = ${at.toISOString()}, erp_retries = 0
           where id = ${refundId}`,
    );
  },

  async rejected(tx: Db, refundId: number, at: Date): Promise<void> {
    await tx.execute(
      sql`update refunds set stage = 'rejected', status = ${REFUND_STATUS.processed},
                 processed_at = ${at.toISOString()} where id = ${refundId}`,
    );
  },

  /** A decided refund for the ERP again from `at`; false when the refund is not decided. */
  async requeued(tx: Db, id: number, at: Date): Promise<boolean> {
    const rows = await queryRows(
      tx,
      sql`update refunds set erp_next_attempt_at = ${at.toISOString()}, erp_retries = 0
           where id = ${id} and stage = 'decided' returning id::int as id`,
      idRow,
    );
    return rows.length > 0;
  },

  /** Where the ERP's answers left a refund: its stage, status and return order. */
  async erpState(db: Db, id: number) {
    const [r] = await queryRows(
      db,
      sql`select stage, status::int as status, return_sales_id from refunds where id = ${id}`,
      z.object({ stage: z.string(), status: z.number(), return_sales_id: z.string().nullable() }),
    );
    return r ?? null;
  },
};
