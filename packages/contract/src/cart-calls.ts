/**
 * The calls of the cart, each declared once (issue 24; decisions 0062 and 0084), over the schemas of cart.ts: the
 * caller's open cart and its lines, adding (from the catalogue and by reference), a line's quantity, store, stock and
 * job reference (issue 26; decision 0081), the stock messages, the home store, and on the third brand the client a
 * staff member buys for. The cart's search by reference is the catalogue's `catalogCalls.list`.
 */
import { BRANDS } from './brands.ts';
import {
  addByReferenceRequest,
  cartChangeResponse,
  cartClientsQuery,
  cartClientsResponse,
  cartLineIdParams,
  chooseLineStoreRequest,
  currentCartClientResponse,
  currentCartResponse,
  editCartLineRequest,
  langQuery,
  refreshCartLineRequest,
  returnMessageResponse,
  setCartClientRequest,
  setJobRefRequest,
  showMessageResponse,
  stockMessageQuery,
  takeFromCartRequest,
  ubicationResponse,
  userStockMessages,
} from './cart.ts';
import { addToCartRequest, cartLengthResponse } from './catalog.ts';
import { ROLES } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

const tags = ['cart'] as const;
const buyer = { role: ROLES.buy } as const;
const refusals = { 400: errorBody, 404: errorBody } as const;
const P = '/api/incheckout';
/** The third brand's staff choose the client they buy for; its calls carry the brand's code in their names. */
const brand3 = BRANDS[2].code;

export const cartCalls = {
  add: endpoint({
    method: 'POST',
    path: `${P}/addtocurrentcart`,
    access: buyer,
    summary: 'Add an article to the caller’s cart; an article already there gets the quantity added',
    tags,
    body: addToCartRequest,
    response: cartChangeResponse,
    refusals,
  }),
  addByReference: endpoint({
    method: 'POST',
    path: `${P}/addtocurrentcartfromrefjumasa`,
    access: buyer,
    summary: 'Add an article by our reference (at least 5 characters), optionally from a store',
    tags,
    body: addByReferenceRequest,
    response: cartChangeResponse,
    refusals,
  }),
  setQuantity: endpoint({
    method: 'POST',
    path: `${P}/editItemCart`,
    access: buyer,
    summary: 'Set the quantity of a line',
    tags,
    body: editCartLineRequest,
    response: cartChangeResponse,
    refusals,
  }),
  setJobRef: endpoint({
    method: 'POST',
    path: `${P}/setjobref`,
    access: buyer,
    summary: 'Set or clear the job reference of a line of the caller’s cart (a plate, a work order, a claim number)',
    description: 'At most 40 characters once trimmed (400 WARN_JobRefTooLong); another cart’s line answers 404.',
    tags,
    body: setJobRefRequest,
    response: cartChangeResponse,
    refusals: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  refreshStock: endpoint({
    method: 'POST',
    path: `${P}/updateItemCartStock`,
    access: buyer,
    summary: 'Read a line’s stock again; a chosen store that can no longer serve it is cleared',
    tags,
    body: refreshCartLineRequest,
    response: cartChangeResponse,
    refusals,
  }),
  chooseStore: endpoint({
    method: 'POST',
    path: `${P}/setinventorylocationtrans`,
    access: buyer,
    summary: 'Choose the store a line is served from (salesid is the line id)',
    tags,
    body: chooseLineStoreRequest,
    response: cartChangeResponse,
    refusals,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/deletefromcurrentcart/:id`,
    access: buyer,
    summary: 'Delete a line',
    tags,
    params: cartLineIdParams,
    response: cartChangeResponse,
    refusals,
  }),
  take: endpoint({
    method: 'POST',
    path: `${P}/deleteFromCart`,
    access: buyer,
    summary: 'Take qty units off a line; the line goes when none is left',
    tags,
    body: takeFromCartRequest,
    response: cartChangeResponse,
    refusals,
  }),
  current: endpoint({
    method: 'GET',
    path: `${P}/getcurrentcart`,
    access: buyer,
    summary: 'The caller’s open cart with prices, stores and totals',
    tags,
    query: langQuery,
    response: currentCartResponse,
  }),
  length: endpoint({
    method: 'GET',
    path: `${P}/getcurrentcartlength`,
    access: 'user',
    summary: 'Number of lines in the caller’s cart',
    tags,
    response: cartLengthResponse,
  }),
  ubication: endpoint({
    method: 'GET',
    path: `${P}/getubicacioncod`,
    access: 'user',
    summary: 'The home store of the caller’s client',
    tags,
    response: ubicationResponse,
  }),
  messages: endpoint({
    method: 'GET',
    path: `${P}/getmessagesbyuser`,
    access: 'user',
    summary: 'Active stock messages for goods travelling to the caller’s home store',
    tags,
    response: userStockMessages,
  }),
  showMessage: endpoint({
    method: 'GET',
    path: `${P}/ShowMessage`,
    access: 'user',
    summary: 'Whether a stock message applies to goods served from a store',
    tags,
    query: stockMessageQuery,
    response: showMessageResponse,
  }),
  returnMessage: endpoint({
    method: 'GET',
    path: `${P}/ReturnMessage`,
    access: 'user',
    summary: 'The stock message for goods served from a store, or null',
    tags,
    query: stockMessageQuery,
    response: returnMessageResponse,
  }),
  clients: endpoint({
    method: 'GET',
    path: `${P}/getcartclients_${brand3}`,
    access: buyer,
    summary: 'Clients the caller may buy for (admins: all)',
    tags,
    query: cartClientsQuery,
    response: cartClientsResponse,
  }),
  client: endpoint({
    method: 'GET',
    path: `${P}/getcurrentcartclient_${brand3}`,
    access: buyer,
    summary: 'The client the caller’s cart is for',
    tags,
    response: currentCartClientResponse,
  }),
  setClient: endpoint({
    method: 'POST',
    path: `${P}/setcurrentcartclient_${brand3}`,
    access: buyer,
    summary: 'Choose the client the cart is for (admins any, others only their own)',
    tags,
    body: setCartClientRequest,
    response: currentCartClientResponse,
    refusals,
  }),
};
