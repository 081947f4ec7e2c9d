import type { LanguageKey } from '@portal/contract/constants';
import type { Db } from '../../db/client.ts';
import { notify } from '../../db/notifications.ts';
import type { RefundsRepository } from './refunds.repository.ts';

/** What a refund's e-mails announce (decision 0030): the finish (customer and stores) and every status change. */
export type RefundMailEvent = 'requested' | 'received' | 'decided' | 'rejected' | 'cancelled' | 'processed';

type MailText = Record<RefundMailEvent, { subject: string; body: string }>;

/** The e-mails in the portal's four languages: the customer's in the user's language, the stores' in Spanish. */
const MAILS: Record<LanguageKey, MailText> = {
  es: {
    requested: {
      subject: 'Devolución {id} solicitada',
      body: 'Hemos recibido su solicitud de devolución {id}. Le avisaremos de cada paso.',
    },
    received: {
      subject: 'Devolución {id}: recibida en el almacén',
      body: 'El almacén ha recibido las piezas de su devolución {id} y las está revisando.',
    },
    decided: {
      subject: 'Devolución {id}: revisada',
      body: 'Hemos revisado las líneas de su devolución {id}. Puede ver el resultado de cada una en el portal.',
    },
    rejected: {
      subject: 'Devolución {id}: rechazada',
      body: 'Las líneas de su devolución {id} han sido rechazadas. Puede ver el motivo de cada una en el portal.',
    },
    cancelled: { subject: 'Devolución {id}: anulada', body: 'Su devolución {id} ha sido anulada.' },
    processed: {
      subject: 'Devolución {id}: abono {credit}',
      body: 'Su devolución {id} está tramitada con el abono {credit}, que puede descargar en el portal.',
    },
  },
  en: {
    requested: {
      subject: 'Return {id} requested',
      body: 'We have received your return request {id}. We will let you know of every step.',
    },
    received: {
      subject: 'Return {id}: received at the store',
      body: 'The store has received the parts of your return {id} and is checking them.',
    },
    decided: {
      subject: 'Return {id}: reviewed',
      body: 'We have reviewed the lines of your return {id}. You can see the outcome of each one in the portal.',
    },
    rejected: {
      subject: 'Return {id}: rejected',
      body: 'The lines of your return {id} have been rejected. You can see the reason for each one in the portal.',
    },
    cancelled: { subject: 'Return {id}: cancelled', body: 'Your return {id} has been cancelled.' },
    processed: {
      subject: 'Return {id}: credit note {credit}',
      body: 'Your return {id} has been processed with credit note {credit}, which you can download in the portal.',
    },
  },
  fr: {
    requested: {
      subject: 'Retour {id} demandé',
      body: 'Nous avons reçu votre demande de retour {id}. Nous vous tiendrons informé de chaque étape.',
    },
    received: {
      subject: 'Retour {id} : reçu au magasin',
      body: 'Le magasin a reçu les pièces de votre retour {id} et les vérifie.',
    },
    decided: {
      subject: 'Retour {id} : examiné',
      body: 'Nous avons examiné les lignes de votre retour {id}. Le résultat de chacune est visible sur le portail.',
    },
    rejected: {
      subject: 'Retour {id} : refusé',
      body: 'Les lignes de votre retour {id} ont été refusées. Le motif de chacune est visible sur le portail.',
    },
    cancelled: { subject: 'Retour {id} : annulé', body: 'Votre retour {id} a été annulé.' },
    processed: {
      subject: 'Retour {id} : avoir {credit}',
      body: 'Votre retour {id} est traité avec l’avoir {credit}, que vous pouvez télécharger sur le portail.',
    },
  },
  pt: {
    requested: {
      subject: 'Devolução {id} pedida',
      body: 'Recebemos o seu pedido de devolução {id}. Iremos informá-lo de cada passo.',
    },
    received: {
      subject: 'Devolução {id}: recebida no armazém',
      body: 'O armazém recebeu as peças da sua devolução {id} e está a verificá-las.',
    },
    decided: {
      subject: 'Devolução {id}: revista',
      body: 'Revimos as linhas da sua devolução {id}. Pode ver o resultado de cada uma no portal.',
    },
    rejected: {
      subject: 'Devolução {id}: recusada',
      body: 'As linhas da sua devolução {id} foram recusadas. Pode ver o motivo de cada uma no portal.',
    },
    cancelled: { subject: 'Devolução {id}: anulada', body: 'A sua devolução {id} foi anulada.' },
    processed: {
      subject: 'Devolução {id}: nota de crédito {credit}',
      body: 'A sua devolução {id} está tratada com a nota de crédito {credit}, que pode descarregar no portal.',
    },
  },
};

const fill = (text: string, id: number, credit: string | null) =>
  text.replaceAll('{id}', String(id)).replaceAll('{credit}', credit ?? '');

/**
 * Queues a refund's e-mails in the transaction of what they announce: the customer always; on the finish the
 * return address (JUMRETURNMAIL) of each store of its lines too. Every step after the finish is also a notification
 * for the person who asked for the refund.
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
  // The person who asked for the refund reads every later step in the bell too (decision 0075).
  if (event !== 'requested')
    await notify(tx, targets.userId, { kind: 'refund_changed', params: { refundId, stage: event } });
  const mail = (lang: LanguageKey, to: string) => {
    const text = MAILS[lang][event];
    return {
      to,
      subject: fill(text.subject, refundId, credit),
      body: `${fill(text.body, refundId, credit)}\n\n${publicUrl}/allrefunds/${refundId}\n`,
    };
  };
  const customer = targets.customer;
  const stores = event === 'requested' ? targets.stores.filter((address) => address !== customer?.email) : [];
  await repo.queueMail(tx, [
    ...(customer ? [mail(customer.language, customer.email)] : []),
    ...[...new Set(stores)].map((to) => mail('es', to)),
  ]);
}
