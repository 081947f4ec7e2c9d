import { REFUND_STATUS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { queueRefundMails } from './refund-mails.ts';
import type { RefundsRepository } from './refunds.repository.ts';

/** The ERP's answer to one decided refund (the `refund-results` feed; decision 0067). */
export type RefundResultInput = {
  refundId: number;
  returnSalesId: string | null;
  creditNoteId: string | null;
  error: string | null;
};

export type RefundResultOutcome =
  | 'applied'
  | 'unchanged'
  | 'unknown-refund'
  | 'not-decided'
  | 'already-processed'
  | 'other-return-order';

const current = z.object({
  stage: z.string(),
  status: z.number(),
  return_sales_id: z.string().nullable(),
  credit_note_id: z.string().nullable(),
  erp_error: z.string().nullable(),
});

/**
 * Moves refunds on the ERP's answers as the return orders' job did (decision 0030), in the caller's transaction, one
 * row after the other (a refund's answers are few; each row locks its refund): a return order id makes it exported
 * (event `exported`, STATUS 1, its error cleared); a credit note makes it processed (STATUS 2, Fecha_Tramitacion, the
 * credit note, event `processed`, the customer's e-mail); an ERROR is recorded (STATUS 3, erp_error, a retry counted,
 * event `erp_error`). The same answer again changes nothing. Refused: a refund the portal does not have
 * (`unknown-refund`), one not decided (`not-decided`: still with the store, rejected or cancelled), a processed one
 * given another credit note or an error (`already-processed`), a return order id other than the one recorded
 * (`other-return-order`).
 */
export async function applyRefundResults(
  repo: RefundsRepository,
  tx: Db,
  rows: RefundResultInput[],
  context: { now: Date; baseUrl: string },
): Promise<RefundResultOutcome[]> {
  const out: RefundResultOutcome[] = [];
  for (const row of rows) out.push(await applyOne(repo, tx, row, context));
  return out;
}

async function applyOne(
  repo: RefundsRepository,
  tx: Db,
  row: RefundResultInput,
  { now, baseUrl }: { now: Date; baseUrl: string },
): Promise<RefundResultOutcome> {
  const id = row.refundId;
  const [r] = await queryRows(
    tx,
    sql`select stage, status::int as status, return_sales_id, credit_note_id, erp_error
          from refunds where id = ${id} for update`,
    current,
  );
  if (!r || r.stage === 'cart') return 'unknown-refund';
  if (r.stage === 'processed') {
    const same =
      row.error === null &&
      row.creditNoteId === r.credit_note_id &&
      (row.returnSalesId === null || row.returnSalesId === r.return_sales_id);
    return same ? 'unchanged' : 'already-processed';
  }
  if (r.stage !== 'decided') return 'not-decided';

  if (row.error !== null) {
    if (r.status === REFUND_STATUS.error && r.erp_error === row.error) return 'unchanged';
    await tx.execute(
      sql`update refunds set status = ${REFUND_STATUS.error}, erp_error = ${row.error}, erp_retries = erp_retries + 1,
                 erp_claimed_until = null
           where id = ${id}`,
    );
    await repo.addEvent(tx, id, 'erp_error', null, row.error);
    return 'applied';
  }
  if (row.returnSalesId !== null && r.return_sales_id !== null && row.returnSalesId !== r.return_sales_id)
    return 'other-return-order';
  let changed = false;
  if (row.returnSalesId !== null && r.return_sales_id === null) {
    await tx.execute(sql`update refunds set return_sales_id = ${row.returnSalesId} where id = ${id}`);
    await repo.addEvent(tx, id, 'exported', null, row.returnSalesId);
    changed = true;
  }
  if (row.creditNoteId !== null) {
    await tx.execute(
      sql`update refunds set stage = 'processed', status = ${REFUND_STATUS.processed},
                 processed_at = ${now.toISOString()}, credit_note_id = ${row.creditNoteId}, erp_error = null,
                 erp_next_attempt_at = null, erp_claimed_until = null
           where id = ${id}`,
    );
    await repo.addEvent(tx, id, 'processed', null, row.creditNoteId);
    await queueRefundMails(repo, tx, id, 'processed', baseUrl, row.creditNoteId);
    return 'applied';
  }
  if (!changed && r.status !== REFUND_STATUS.error) return 'unchanged';
  // Exported (or the same return order answered again after an error): pending, its error cleared.
  await tx.execute(
    sql`update refunds set status = ${REFUND_STATUS.pending}, erp_error = null, erp_claimed_until = null where id = ${id}`,
  );
  return 'applied';
}
