import { paymentCalls } from '@portal/contract/checkout-calls';
import { pathOf } from '@portal/contract/endpoint';
import { type Config, GATEWAY_URLS } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { field, isAuthorised, type SignedMessage, signMessage, verify } from '../../lib/redsys.ts';
import { checkoutRepository, type PaymentRow } from './checkout.repository.ts';

export const NOTIFICATION_PATH = paymentCalls.notification.path;
export const returnPath = (order: string, outcome: 'ok' | 'ko') => pathOf(paymentCalls.return, { order, outcome });

const LANGUAGE_CODES: Record<string, string> = { es: '1', en: '2', fr: '4', pt: '9' };

export type PaymentGateway = ReturnType<typeof paymentGateway>;
export type SignedOutcome =
  | { outcome: 'authorised' | 'denied' | 'duplicate'; payment: PaymentRow }
  | { outcome: 'refused'; reason: string; payment: PaymentRow | null };

/**
 * The card payment page (Redsys redirection, HMAC_SHA256_V1): signs payment requests and checks what comes
 * back, from the server-to-server notification or the browser's return. The sandbox page of this app and the
 * bank's test and production pages speak the same protocol; configuration chooses (docs/decisions/0011).
 */
export function paymentGateway(config: Config['payment'], db: Db) {
  const repo = checkoutRepository(db);
  const key = config.merchantKey;

  return {
    merchant: { merchantCode: config.merchantCode, terminal: config.terminal },
    key,

    /**
     * Where the browser posts the signed request. The sandbox's page is this portal's own, so its path alone: the
     * browser posts to the host it is on, whatever host the portal announces (at 127.0.0.1 while PUBLIC_URL says
     * localhost, the CSP's `form-action 'self'` refused an absolute URL and the payment froze; issue 25).
     */
    actionUrl() {
      return GATEWAY_URLS[config.gateway];
    },

    /**
     * The signed request for a payment attempt; the amount is the attempt's integer cents. `description`
     * (DS_MERCHANT_PRODUCTDESCRIPTION, at most 125 characters) is shown on the payment page.
     */
    request(payment: PaymentRow, urls: { base: string; lang: string }, description = ''): SignedMessage {
      return signMessage(key, payment.order_number, {
        DS_MERCHANT_AMOUNT: payment.amount_cents,
        ...(description ? { DS_MERCHANT_PRODUCTDESCRIPTION: description.slice(0, 125) } : {}),
        DS_MERCHANT_ORDER: payment.order_number,
        DS_MERCHANT_MERCHANTCODE: payment.merchant_code,
        DS_MERCHANT_CURRENCY: payment.currency,
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_TERMINAL: payment.terminal,
        DS_MERCHANT_MERCHANTURL: `${urls.base}${NOTIFICATION_PATH}`,
        DS_MERCHANT_URLOK: `${urls.base}${returnPath(payment.order_number, 'ok')}`,
        DS_MERCHANT_URLKO: `${urls.base}${returnPath(payment.order_number, 'ko')}`,
        DS_MERCHANT_CONSUMERLANGUAGE: LANGUAGE_CODES[urls.lang] ?? '0',
      });
    },

    /**
     * Verifies a signed message before reading anything from it, then checks order, amount, currency and
     * merchant against the stored attempt and records the decision once. Every message is logged.
     */
    async receive(source: 'notification' | 'return', message: Partial<SignedMessage>): Promise<SignedOutcome> {
      const parameters = message.Ds_MerchantParameters ?? '';
      const verified = verify(key, message);
      if (!verified.ok) {
        await repo.logNotification({
          source,
          order: null,
          valid: false,
          outcome: `refused: ${verified.reason}`,
          parameters,
        });
        return { outcome: 'refused', reason: verified.reason, payment: null };
      }
      const p = verified.params;
      const payment = await repo.payment(verified.order);
      const refuse = async (reason: string) => {
        await repo.logNotification({
          source,
          order: verified.order,
          valid: true,
          outcome: `refused: ${reason}`,
          parameters,
        });
        return { outcome: 'refused' as const, reason, payment };
      };
      if (!payment) return refuse('unknown order');
      if (field(p, 'Ds_Amount') !== payment.amount_cents) return refuse('amount');
      if (field(p, 'Ds_Currency') !== payment.currency) return refuse('currency');
      if (field(p, 'Ds_MerchantCode') !== payment.merchant_code) return refuse('merchant');
      const authorised = isAuthorised(field(p, 'Ds_Response'));
      const code = Number.parseInt(field(p, 'Ds_Response') ?? '', 10);
      const decided = await repo.decidePayment(
        payment.id,
        authorised ? 'authorised' : 'denied',
        Number.isFinite(code) ? code : null,
        field(p, 'Ds_AuthorisationCode')?.trim() || null,
      );
      const outcome = decided ? (authorised ? 'authorised' : 'denied') : 'duplicate';
      await repo.logNotification({ source, order: payment.order_number, valid: true, outcome, parameters });
      const now = await repo.payment(payment.order_number);
      return { outcome, payment: now ?? payment };
    },
  };
}
