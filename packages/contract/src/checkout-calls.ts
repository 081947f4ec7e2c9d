/**
 * The calls of the checkout, each declared once (issue 24; decision 0084), over the schemas of cart.ts: the open
 * cart as one location per store, the delivery addresses, delivery modes and payment methods offered, preparing
 * (the card payment page's signed request) and finishing the checkout, and the purchase receipt; and what the card
 * payment page sends back (`paymentCalls`).
 */

import { z } from 'zod';
import {
  addressListResponse,
  cartIdQuery,
  checkoutHeader,
  clientIdQuery,
  dlvModesQuery,
  dlvModesResponse,
  finishCheckoutRequest,
  finishCheckoutResponse,
  langQuery,
  paymentMethodsResponse,
  prepareCheckoutRequest,
  prepareCheckoutResponse,
  processCheckoutRequest,
  receiptParams,
} from './cart.ts';
import { ROLES } from './constants.ts';
import { endpoint, fileBytes } from './endpoint.ts';
import { errorBody } from './errors.ts';

const tags = ['checkout'] as const;
const buyer = { role: ROLES.buy } as const;
const refusals = { 400: errorBody, 404: errorBody } as const;
const P = '/api/incheckout';

export const checkoutCalls = {
  header: endpoint({
    method: 'GET',
    path: `${P}/getLocationsPerCurrentCart`,
    access: buyer,
    summary: 'Checkout header of the open cart (its stores)',
    tags,
    response: checkoutHeader,
    refusals,
  }),
  currentFull: endpoint({
    method: 'GET',
    path: `${P}/getLocationsPerCurrentCartFull`,
    access: buyer,
    summary: 'Checkout header of the open cart with each store’s items and form values; 400 when a line has no store',
    tags,
    query: langQuery,
    response: checkoutHeader,
    refusals,
  }),
  cartFull: endpoint({
    method: 'GET',
    path: `${P}/getLocationsPerCartIdFull`,
    access: buyer,
    summary: 'Checkout header of one of the caller’s carts (also once finished): the payment return reads it',
    tags,
    query: cartIdQuery,
    response: checkoutHeader,
    refusals,
  }),
  addresses: endpoint({
    method: 'GET',
    path: `${P}/getaddrlist`,
    access: buyer,
    summary: 'Delivery addresses of the caller’s client',
    tags,
    response: addressListResponse,
  }),
  addressesByClient: endpoint({
    method: 'GET',
    path: `${P}/getAddrListByCliente`,
    access: buyer,
    summary: 'Delivery addresses of a client (admins any, others their own)',
    tags,
    query: clientIdQuery,
    response: addressListResponse,
    refusals,
  }),
  dlvModes: endpoint({
    method: 'GET',
    path: `${P}/getdlvmodeslist`,
    access: buyer,
    summary: 'Delivery modes of a store; to a web (alternative) address only carriers',
    tags,
    query: dlvModesQuery,
    response: dlvModesResponse,
  }),
  dlvModesByClient: endpoint({
    method: 'GET',
    path: `${P}/getDlvModesListByCliente`,
    access: buyer,
    summary: 'Delivery modes of a client’s home store (admins any client, others their own)',
    tags,
    query: clientIdQuery,
    response: dlvModesResponse,
    refusals,
  }),
  paymentMethods: endpoint({
    method: 'GET',
    path: `${P}/getPaymentMethods`,
    access: buyer,
    summary: 'Payment methods of the caller’s client and the default',
    tags,
    response: paymentMethodsResponse,
  }),
  prepare: endpoint({
    method: 'POST',
    path: `${P}/preparecheckout`,
    access: buyer,
    summary: 'Validate and store the checkout; with a card location, the signed request for the payment page',
    tags,
    query: langQuery,
    body: prepareCheckoutRequest,
    response: prepareCheckoutResponse,
    refusals,
  }),
  finish: endpoint({
    method: 'POST',
    path: `${P}/finishcheckout`,
    access: buyer,
    summary: 'Make one web order per store, exactly once (card checkouts once the payment is authorised)',
    tags,
    body: finishCheckoutRequest,
    response: finishCheckoutResponse,
    refusals,
  }),
  process: endpoint({
    method: 'POST',
    path: `${P}/processcheckout`,
    access: buyer,
    summary: 'Finish a cart from its stored checkout (after the payment page), exactly once',
    tags,
    body: processCheckoutRequest,
    response: finishCheckoutResponse,
    refusals,
  }),
  receipt: endpoint({
    method: 'GET',
    path: `${P}/receipt/:tarjetaId/:cartId`,
    access: buyer,
    summary: 'The purchase receipt of a finished checkout (PDF)',
    tags,
    params: receiptParams,
    produces: ['application/pdf'],
    response: fileBytes,
    refusals,
  }),
};

/**
 * Payment messages (notifications and browser returns) accepted per IP and minute, per call. The bank sends one
 * notification per payment; past the limit a sender gets 429 before anything is read or logged.
 */
export const PAYMENT_MESSAGES_PER_MINUTE = 60;

/** A message signed by the card payment page (Redsys HMAC_SHA256_V1): a form, or the return URL's query. */
const signedMessage = z.object({
  Ds_SignatureVersion: z.string().max(40).optional(),
  Ds_MerchantParameters: z.string().max(8000).optional(),
  Ds_Signature: z.string().max(200).optional(),
});
const paymentTags = ['payments'] as const;

/**
 * What the card payment page sends back, anonymous (the bank's server and the payer's browser carry no token; the
 * signature is the proof): the server-to-server notification and the browser's return (decision 0011).
 */
export const paymentCalls = {
  notification: endpoint({
    method: 'POST',
    path: '/api/payments/redsys/notification',
    access: 'anonymous',
    summary: 'Payment page notification (Redsys HMAC_SHA256_V1): verified, recorded once, finishes the checkout',
    description: `At most ${PAYMENT_MESSAGES_PER_MINUTE} messages per IP and minute (429 \`WARN_TooManyAttempts\`).`,
    tags: paymentTags,
    body: signedMessage,
    produces: ['text/plain'],
    response: z.string(),
    refusals: { 400: errorBody, 429: errorBody },
  }),
  return: endpoint({
    method: 'GET',
    path: '/api/payments/redsys/return/:order/:outcome',
    access: 'anonymous',
    summary: 'Browser return from the payment page (URLOK / URLKO): records a signed result, then opens the checkout',
    description:
      'Only the verified result of this very order opens its checkout (the cart id is in that URL); without one, `ok` goes to the cart page.',
    tags: paymentTags,
    params: z.object({ order: z.string().regex(/^[0-9A-Za-z]{1,12}$/), outcome: z.enum(['ok', 'ko']) }),
    query: signedMessage,
    status: 303,
    response: z.null().describe('To the checkout, or back to the cart'),
  }),
};
