import { REFUND_STAGES, refundLine } from '@portal/contract/refunds';
import { z } from 'zod';
import { int, pgText } from '../../db/rows.ts';

/**
 * The rows refunds.repository.ts reads, as schemas that parse them (decision 0093; their own file: the repository is
 * near its 500 lines). The types the area uses are these schemas' outputs.
 */
const stage = z.enum(REFUND_STAGES);

/** A delivered packing slip line, as a return needs it. */
export const slipLine = z.object({
  packing_slip_id: z.string(),
  line_no: int,
  client_accountnum: z.string(),
  article_id: int.nullable(),
  item_id: z.string(),
  name: z.string(),
  delivered: z.number(),
  delivery_date: pgText,
  store_id: z.string(),
  store_name: z.string(),
});
export type SlipLine = z.infer<typeof slipLine>;

export const cartRefund = z.object({
  id: int,
  client_accountnum: z.string(),
  user_id: z.string().nullable(),
  stage,
});
export type CartRefund = z.infer<typeof cartRefund>;

export const refundRow = z.object({
  id: int,
  client_accountnum: z.string(),
  user_id: z.string().nullable(),
  stage,
  status: int,
  store_id: z.string().nullable(),
  return_sales_id: z.string().nullable(),
  credit_note_id: z.string().nullable(),
  erp_error: z.string().nullable(),
});
export type RefundRow = z.infer<typeof refundRow>;

export const lineRow = z.object({
  id: int,
  refund_id: int,
  client_accountnum: z.string(),
  packing_slip_id: z.string(),
  packing_slip_line_no: int,
  store_id: z.string(),
  quantity: int,
  reason_id: int,
  comment: z.string(),
  decision: z.enum(['accepted', 'rejected']).nullable(),
  stage,
  user_id: z.string().nullable(),
});
export type LineRow = z.infer<typeof lineRow>;

/** A refund line as LINE_SELECT reads it: the answer's line without its maximum, what that is worked out from. */
export const lineSelectRow = refundLine
  .omit({ maxquantity: true })
  .extend({ delivered: z.number().nullable(), others: int });
export type LineSelectRow = z.infer<typeof lineSelectRow>;
