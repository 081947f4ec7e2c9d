import { randomInt } from 'node:crypto';
import { PAYMENT_MESSAGES_PER_MINUTE, paymentCalls } from '@portal/contract/checkout-calls';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { decodeParameters, field, type SignedMessage, signMessage, verify } from '../../lib/redsys.ts';
import type { CheckoutService } from './checkout.service.ts';
import { type PaymentGateway, returnPath, type SignedOutcome } from './payment-gateway.ts';

type Options = { gateway: PaymentGateway; checkout: CheckoutService; sandbox: boolean };

export { PAYMENT_MESSAGES_PER_MINUTE };

const messageLimit = {
  rateLimit: {
    max: PAYMENT_MESSAGES_PER_MINUTE,
    timeWindow: '1 minute',
  },
};
type Settle = (source: 'notification' | 'return', message: Partial<SignedMessage>) => Promise<SignedOutcome>;

/**
 * What the payment page sends back: the server-to-server notification and the browser's return. Both are
 * verified the same way; an authorised payment is recorded first and the checkout finished after, so a
 * failure in between is recovered from the other message or the recovery sweep (docs/decisions/0011).
 */
export const paymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { gateway, checkout, sandbox }) => {
  const settle: Settle = async (source, message) => {
    const received = await gateway.receive(source, message);
    const paid = received.payment?.status === 'authorised' && received.outcome !== 'refused';
    if (paid) {
      try {
        await checkout.finishPaid(received.payment!.id);
      } catch (error) {
        app.log.error(
          { err: error, order: received.payment!.order_number },
          'payment authorised, finishing failed: retried later',
        );
      }
    }
    if (received.outcome === 'refused') app.log.warn({ source, reason: received.reason }, 'payment message refused');
    return received;
  };

  endpointRoute(
    app,
    paymentCalls.notification,
    async (request, reply) => {
      const r = await settle('notification', request.body);
      if (r.outcome === 'refused')
        return reply.status(400).send({ message: 'WARN_PaymentRefused', messagedetail: r.reason });
      return reply.type('text/plain').send('OK');
    },
    { config: messageLimit },
  );

  endpointRoute(
    app,
    paymentCalls.return,
    async (request, reply) => {
      const { order, outcome } = request.params;
      const signed = request.query.Ds_Signature ? await settle('return', request.query) : null;
      // The browser is anonymous here: an order number (a serial anybody may guess) never names its cart; the
      // bank's signed result of that order, which only the payer's browser carries, does.
      const payment =
        signed && signed.outcome !== 'refused' && signed.payment.order_number === order ? signed.payment : null;
      if (outcome === 'ok' && payment && payment.status !== 'denied') {
        return reply.redirect(`/my-cart/checkout/${order}/${payment.cart_id}`, 303);
      }
      return reply.redirect(outcome === 'ok' && !signed ? '/my-cart' : '/my-cart?payment=ko', 303);
    },
    { config: messageLimit },
  );

  if (sandbox) registerSandbox(app, gateway, settle);
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#eef1f5;margin:0;padding:24px;color:#1d2733}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:20px;margin:0 0 4px} .note{color:#6b7785;font-size:13px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px} dt{color:#6b7785} dd{margin:0;font-weight:600}
.line{display:block;font-weight:400}
label{display:block;font-size:13px;margin:10px 0 4px} input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #c4ccd6;border-radius:4px;font-size:15px}
.row{display:flex;gap:12px} .row>div{flex:1} .actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:10px;font-size:15px;border-radius:4px;border:0;cursor:pointer}
.ok{background:#1a7f37;color:#fff} .ko{background:#c62828;color:#fff} .error{color:#c62828}
</style></head><body><main>${body}</main></body></html>`);
}

/**
 * The sandbox payment page: the bank's part of the protocol, served by this app in development and tests, never
 * in production. It checks the request's signature, shows a card form, hands the signed notification to this
 * portal in process (what the notification route does) and sends the browser to the portal's own return URL
 * with the signed result. It serves this portal only: the merchant and return URLs of the request, which anyone
 * holding the public test key can sign, are not followed, and nothing is requested over HTTP (decision 0015).
 */
function registerSandbox(app: FastifyInstance, gateway: PaymentGateway, settle: Settle) {
  const hidden = (m: SignedMessage) =>
    Object.entries(m)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');

  app.post('/sandbox/redsys/realizarPago', async (request, reply) => {
    const m = request.body as Partial<SignedMessage>;
    const v = verify(gateway.key, m ?? {});
    if (!v.ok)
      return page(
        reply,
        400,
        'Firma no válida',
        `<h1 class="error">Petición rechazada</h1><p>La firma de la petición no es válida (${escapeHtml(v.reason)}).</p>`,
      );
    const amount = Number(field(v.params, 'DS_MERCHANT_AMOUNT') ?? '0') / 100;
    // The merchant's description of the charge: base, VAT and total of each store (decision 0019).
    const description = (field(v.params, 'DS_MERCHANT_PRODUCTDESCRIPTION') ?? '')
      .split('; ')
      .filter(Boolean)
      .map((d) => `<span class="line">${escapeHtml(d)}</span>`)
      .join('');
    return page(
      reply,
      200,
      'Pasarela de pago (sandbox)',
      `<h1>Pasarela de pago de pruebas</h1><p class="note">Entorno sandbox: no se realiza ningún cargo real.</p>
<dl><dt>Comercio</dt><dd>${escapeHtml(field(v.params, 'DS_MERCHANT_MERCHANTCODE') ?? '')}</dd>
<dt>Pedido</dt><dd>${escapeHtml(v.order)}</dd>
${description ? `<dt>Concepto</dt><dd data-testid="description">${description}</dd>` : ''}
<dt>Importe</dt><dd data-testid="amount">${amount.toLocaleString('es-ES', { minimumFractionDigits: 2 })} €</dd></dl>
<form method="post" action="/sandbox/redsys/decide">${hidden(m as SignedMessage)}
<label for="card">Número de tarjeta</label><input id="card" name="card" value="4548 8120 4940 0004" autocomplete="off">
<div class="row"><div><label for="exp">Caducidad</label><input id="exp" name="exp" value="12/34"></div>
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" value="123"></div></div>
<div class="actions"><button class="ok" name="decision" value="approve" type="submit">Autorizar pago</button>
<button class="ko" name="decision" value="deny" type="submit">Denegar pago</button></div></form>`,
    );
  });

  app.post('/sandbox/redsys/decide', async (request, reply) => {
    const body = request.body as Partial<SignedMessage> & { decision?: string };
    const v = verify(gateway.key, body ?? {});
    if (!v.ok) return page(reply, 400, 'Firma no válida', '<h1 class="error">Petición rechazada</h1>');
    const request_ = decodeParameters(body.Ds_MerchantParameters!);
    const get = (name: string) => field(request_, name) ?? '';
    const approve = body.decision === 'approve';
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    // The bank sends its values URL-encoded; the receiver decodes them after verifying.
    const fields = {
      Ds_Date: encodeURIComponent(`${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`),
      Ds_Hour: encodeURIComponent(`${pad(now.getHours())}:${pad(now.getMinutes())}`),
      Ds_SecurePayment: approve ? '1' : '0',
      Ds_Amount: get('DS_MERCHANT_AMOUNT'),
      Ds_Currency: get('DS_MERCHANT_CURRENCY'),
      Ds_Order: v.order,
      Ds_MerchantCode: get('DS_MERCHANT_MERCHANTCODE'),
      Ds_Terminal: get('DS_MERCHANT_TERMINAL').padStart(3, '0'),
      Ds_Response: approve ? '0000' : '0190',
      Ds_TransactionType: '0',
      Ds_MerchantData: '',
      Ds_AuthorisationCode: approve ? String(randomInt(100000, 999999)) : '',
      Ds_ConsumerLanguage: get('DS_MERCHANT_CONSUMERLANGUAGE') || '1',
      Ds_Card_Country: '724',
    };
    const signed = signMessage(gateway.key, v.order, fields);
    try {
      await settle('notification', signed);
    } catch (error) {
      // As with the bank, a notification that fails does not keep the browser: its signed return records it.
      app.log.warn({ err: error, order: v.order }, 'sandbox: notification not recorded');
    }
    // Back to the portal at the host the browser is on: a redirect to another origin after a form post is refused by
    // the CSP's form-action 'self' (the bank's page is elsewhere and answers with the signed merchant URL).
    const back = returnPath(v.order, approve ? 'ok' : 'ko');
    return reply.redirect(`${back}?${new URLSearchParams(signed)}`, 303);
  });
}
