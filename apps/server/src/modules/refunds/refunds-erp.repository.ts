import { REFUND_STATUS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import type { ErpReturnOrder } from '../../db/erp-adapter.ts';
import { type ErpBackOff, type ErpQueueTable, nextAttemptAfterFailure } from '../../db/erp-queue.ts';
import { pgText, presenceRow } from '../../db/rows.ts';

/** The refunds of the ERP return-order job (refunds-erp.job.ts): what it claims, reads and writes. */
export const REFUNDS_QUEUE: ErpQueueTable = {
  table: 'refunds',
  pending: sql`stage = 'decided'`,
  nextAttempt: 'erp_next_attempt_at',
};

/** Locks a refund still decided; false when it is not any more. */
export async function lockDecided(t: Db, id: number): Promise<boolean> {
  const locked = await queryRows(
    t,
    sql`select id from refunds where id = ${id} and stage = 'decided' for update`,
    presenceRow,
  );
  return locked.length > 0;
}

/** A decided refund as the ERP takes its return order (its accepted lines), with its return order and status. */
export async function loadReturnOrder(
  t: Db,
  id: number,
): Promise<ErpReturnOrder & { returnSalesId: string | null; status: number }> {
  const [r] = await queryRows(
    t,
    sql`select client_accountnum, store_id, requested_at, observations, address_text, return_sales_id,
               status::int as status
          from refunds where id = ${id}`,
    z.object({
      client_accountnum: z.string(),
      store_id: z.string().nullable(),
      requested_at: pgText,
      observations: z.string(),
      address_text: z.string().nullable(),
      return_sales_id: z.string().nullable(),
      status: z.number(),
    }),
  );
  const lines = await queryRows(
    t,
    sql`select id::int as id, packing_slip_id, packing_slip_line_no, item_id, name, quantity, reason_id::int as reason_id
          from refund_lines where refund_id = ${id} and decision = 'accepted' order by id`,
    z.object({
      id: z.number(),
      packing_slip_id: z.string(),
      packing_slip_line_no: z.number(),
      item_id: z.string(),
      name: z.string(),
      quantity: z.number(),
      reason_id: z.number(),
    }),
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

export async function setReturnOrder(t: Db, id: number, returnSalesId: string): Promise<void> {
  await t.execute(sql`update refunds set return_sales_id = ${returnSalesId} where id = ${id}`);
}

/** The ERP made the credit note: the refund is processed (STATUS 2), out of the queue. */
export async function markProcessed(t: Db, id: number, creditNoteId: string, now: Date): Promise<void> {
  await t.execute(
    sql`update refunds set stage = 'processed', status = ${REFUND_STATUS.processed},
               processed_at = ${now.toISOString()}, credit_note_id = ${creditNoteId}, erp_error = null,
               erp_next_attempt_at = null, erp_claimed_until = null
         where id = ${id}`,
  );
}

/** No credit note yet: pending (STATUS 1), asked again at `next`. */
export async function waitForCreditNote(t: Db, id: number, next: Date): Promise<void> {
  await t.execute(
    sql`update refunds set status = ${REFUND_STATUS.pending}, erp_error = null, erp_claimed_until = null,
               erp_next_attempt_at = ${next.toISOString()}
         where id = ${id}`,
  );
}

/**
 * A failure with the ERP: STATUS 3 (Error) with the message, one retry more, the next attempt (db/erp-queue.ts), the
 * lease given back; false when the refund is not decided any more.
 */
export async function recordErpFailure(t: Db, id: number, message: string, now: Date, backOff: ErpBackOff) {
  const [row] = await queryRows(
    t,
    sql`update refunds
           set erp_error = ${message}, status = ${REFUND_STATUS.error}, erp_retries = erp_retries + 1,
               erp_next_attempt_at = ${nextAttemptAfterFailure(sql`erp_retries`, now, backOff)},
               erp_claimed_until = null
         where id = ${id} and stage = 'decided'
     returning status::int as status`,
    z.object({ status: z.number() }),
  );
  return row !== undefined;
}

/** The decided refunds waiting for the ERP, and how long since the oldest was requested (for /metrics). */
export async function refundQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(requested_at))::float8 as oldest
          from refunds where stage = 'decided'`,
    z.object({ depth: z.number(), oldest: z.number().nullable() }),
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
