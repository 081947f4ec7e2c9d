import type { Db } from '../../db/client.ts';
import type { RefundsRepository } from './refunds.repository.ts';

/** What a refund's e-mails announce (decision 0030): the finish (customer and stores) and every status change. */
export type RefundMailEvent = 'requested' | 'received' | 'decided' | 'rejected' | 'cancelled' | 'processed';

const SUBJECTS: Record<RefundMailEvent, string> = {
  requested: 'Devolución {id} solicitada',
  received: 'Devolución {id}: recibida en el almacén',
  decided: 'Devolución {id}: revisada',
  rejected: 'Devolución {id}: rechazada',
  cancelled: 'Devolución {id}: anulada',
  processed: 'Devolución {id}: abono {credit}',
};

const BODIES: Record<RefundMailEvent, string> = {
  requested: 'Hemos recibido su solicitud de devolución {id}. Le avisaremos de cada paso.',
  received: 'El almacén ha recibido las piezas de su devolución {id} y las está revisando.',
  decided: 'Hemos revisado las líneas de su devolución {id}. Puede ver el resultado de cada una en el portal.',
  rejected: 'Las líneas de su devolución {id} han sido rechazadas. Puede ver el motivo de cada una en el portal.',
  cancelled: 'Su devolución {id} ha sido anulada.',
  processed: 'Su devolución {id} está tramitada con el abono {credit}, que puede descargar en el portal.',
};

const fill = (text: string, id: number, credit: string | null) =>
  text.replaceAll('{id}', String(id)).replaceAll('{credit}', credit ?? '');

/**
 * Queues a refund's e-mails in the transaction of what they announce: the customer always; on the finish the
 * return address (JUMRETURNMAIL) of each store of its lines too.
 */
export async function queueRefundMails(
  repo: RefundsRepository,
  tx: Db,
  refundId: number,
  event: RefundMailEvent,
  publicUrl: string,
  credit: string | null = null,
) {
  const targets = await repo.mailTargets(tx, refundId);
  const subject = fill(SUBJECTS[event], refundId, credit);
  const body = `${fill(BODIES[event], refundId, credit)}\n\n${publicUrl}/allrefunds/${refundId}\n`;
  const to = [...(targets.customer ? [targets.customer] : []), ...(event === 'requested' ? targets.stores : [])];
  await repo.queueMail(
    tx,
    [...new Set(to)].map((recipient) => ({ to: recipient, subject, body })),
  );
}
