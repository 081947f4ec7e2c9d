/**
 * The calls of the checkout, each declared once (issue 24; decision 0084), over the schemas of cart.ts: the open
 * cart as one location per store, the delivery addresses, delivery modes and payment methods offered, preparing
 * (the card payment page's signed request) and finishing the checkout, and the purchase receipt.
 */
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
