import type { PrepareCheckoutResponse } from '@portal/contract/cart';

/**
 * Card payments (paymentchannel PAYMENT_CHANNEL.card): posts the signed fields to the payment page in a hidden form, the way
 * the gateway expects them (Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature). The browser leaves.
 */
export function postToPaymentPage(reply: PrepareCheckoutResponse, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = reply.urlaction;
  form.style.display = 'none';
  form.setAttribute('data-testid', 'payment-form');
  const fields: [string, string][] = [
    ['Ds_SignatureVersion', reply.ds_signatureversion],
    ['Ds_MerchantParameters', reply.ds_merchantparameters],
    ['Ds_Signature', reply.ds_signature],
  ];
  for (const [name, value] of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
