import { RANK, ROLES } from '@portal/contract/constants';
import { REFUND_MESSAGES, type ReturnableLine, returnableQuantity } from '@portal/contract/refunds';
import { addDays } from '@portal/contract/stats';
import { businessToday } from '../../lib/business-time.ts';
import type { Principal } from '../../plugins/auth.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { SlipLine } from './refund-rows.ts';

/**
 * comprobarrolusuario (decision 0028): a customer of a client who may buy (permitirCompras) or is its client
 * administrator may return; staff (rank 2) do not return on a client's behalf.
 */
export const mayReturn = (p: Principal): boolean =>
  p.rank < RANK.admin && Boolean(p.clientId) && (p.rank === RANK.clientAdmin || p.roles.includes(ROLES.buy));

export const refuseUnlessMayReturn = (p: Principal) => {
  if (!mayReturn(p)) throw new AppError(403, 'WARN_Forbidden');
};

/** What can still be returned of a delivered line, given what earlier returns asked for. */
export function returnableOf(line: SlipLine, returned: number, windowDays: number, now: Date): ReturnableLine {
  const deadline = addDays(line.delivery_date, windowDays);
  const expired = businessToday(now) > deadline;
  const maxquantity = returnableQuantity(line.delivered, returned);
  return {
    packingslipid: line.packing_slip_id,
    linenum: line.line_no,
    id_articulo: line.article_id,
    itemid: line.item_id,
    name: line.name,
    delivered: Number(line.delivered),
    returned,
    maxquantity,
    deliverydate: line.delivery_date,
    deadline,
    expired,
    returnable: !expired && maxquantity > 0 ? 1 : 0,
  };
}

/** Refuses a quantity the line cannot take (the window first: past it nothing can be returned). */
export function checkQuantity(r: ReturnableLine, quantity: number) {
  if (r.expired) throw badRequest(REFUND_MESSAGES.windowExpired, `deadline ${r.deadline}`);
  if (quantity > r.maxquantity) {
    throw badRequest(REFUND_MESSAGES.quantityMax, `at most ${r.maxquantity} of ${r.packingslipid}/${r.linenum}`);
  }
}
