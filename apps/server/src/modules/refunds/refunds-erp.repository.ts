import { REFUND_STATUS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { ErpReturnOrder } from '../../db/erp-adapter.ts';
import { type ErpBackOff, type ErpQueueTable, nextAttemptAfterFailure } from '../../db/erp-queue.ts';

/** The refunds of the ERP return-order job (refunds-erp.job.ts): what it claims, reads and writes. */
export const REFUNDS_QUEUE: ErpQueueTable = {
  table: 'refunds',
  pending: sql`stage = 'decided'`,
  nextAttempt: 'erp_next_attempt_at',
};

/** Locks a refund still decided; false when it is not any more. */
export async function lockDecided(t: Db, id: number): Promise<boolean> {
  const locked = await queryRows(t, sql`select id from refunds where id = ${id} and stage = 'decided' for update`);
  return locked.length > 0;
}

/** A decided refund as the ERP takes its return order (its accepted lines), with its return order and status. */
export async function loadReturnOrder(
  t: Db,
  id: number,
): Promise<ErpReturnOrder & { returnSalesId: string | null; status: number }> {
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
  const [row] = await queryRows<{ status: number }>(
    t,
    sql`update refunds
           set erp_error = ${message}, status = ${REFUND_STATUS.error}, erp_retries = erp_retries + 1,
               erp_next_attempt_at = ${nextAttemptAfterFailure(sql`erp_retries`, now, backOff)},
               erp_claimed_until = null
         where id = ${id} and stage = 'decided'
     returning status::int as status`,
  );
  return row !== undefined;
}

/** The decided refunds waiting for the ERP, and how long since the oldest was requested (for /metrics). */
export async function refundQueueStats(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ depth: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth, extract(epoch from now() - min(requested_at))::float8 as oldest
          from refunds where stage = 'decided'`,
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
