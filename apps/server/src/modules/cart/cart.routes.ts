import { BRANDS } from '@portal/contract/brands';
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
  showMessageResponse,
  stockMessageQuery,
  takeFromCartRequest,
  ubicationResponse,
  userStockMessages,
} from '@portal/contract/cart';
import { cartCalls } from '@portal/contract/cart-calls';
import { cartLengthResponse } from '@portal/contract/catalog';
import { ROLES } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CartService } from './cart.service.ts';

const tags = ['cart'];
const buyer = { role: ROLES.buy } as const;
const refusals = { 400: errorBody, 404: errorBody };
const P = '/api/incheckout';

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  // Declared in the contract (`cartCalls.add`; issue 24): the catalogue adds through it.
  endpointRoute(app, cartCalls.add, (request) => {
    const b = request.body;
    return cart.add(callerOf(request), {
      articleId: b.id_articulo,
      quantity: b.quantity,
      modelId: b.ref_model ?? null,
      supplier: b.stw_Proveedor ?? null,
      searchLogId: b.searchLogId ?? null,
    });
  });

  app.post(`${P}/addtocurrentcartfromrefjumasa`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Add an article by our reference (at least 5 characters), optionally from a store',
      body: addByReferenceRequest,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) =>
      cart.addByReference(callerOf(request), request.body.ref_jumasa, request.body.quantity, request.body.almacen),
  });

  app.post(`${P}/editItemCart`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Set the quantity of a line',
      body: editCartLineRequest,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) => cart.setQuantity(callerOf(request), request.body.id, request.body.quantity),
  });

  // A line's job reference (issue 26; decision 0081), declared once in the contract.
  endpointRoute(app, cartCalls.setJobRef, (request) =>
    cart.setJobRef(callerOf(request), request.body.id, request.body.jobRef),
  );

  app.post(`${P}/updateItemCartStock`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Read a line’s stock again; a chosen store that can no longer serve it is cleared',
      body: refreshCartLineRequest,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) => cart.refreshStock(callerOf(request), request.body.id),
  });

  app.post(`${P}/setinventorylocationtrans`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Choose the store a line is served from (salesid is the line id)',
      body: chooseLineStoreRequest,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) => cart.chooseStore(callerOf(request), request.body.salesid, request.body.locationid),
  });

  app.delete(`${P}/deletefromcurrentcart/:id`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Delete a line',
      params: cartLineIdParams,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) => cart.remove(callerOf(request), request.params.id),
  });

  app.post(`${P}/deleteFromCart`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Take qty units off a line; the line goes when none is left',
      body: takeFromCartRequest,
      response: { 200: cartChangeResponse, ...refusals },
    },
    handler: (request) => cart.take(callerOf(request), request.body.itemid, request.body.qty),
  });

  app.get(`${P}/getcurrentcart`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'The caller’s open cart with prices, stores and totals',
      querystring: langQuery,
      response: { 200: currentCartResponse },
    },
    handler: (request) => cart.current(callerOf(request)),
  });

  app.get(`${P}/getcurrentcartlength`, {
    config: { auth: 'user' },
    schema: { tags, summary: 'Number of lines in the caller’s cart', response: { 200: cartLengthResponse } },
    handler: (request) => cart.length(callerOf(request)),
  });

  app.get(`${P}/getubicacioncod`, {
    config: { auth: 'user' },
    schema: { tags, summary: 'The home store of the caller’s client', response: { 200: ubicationResponse } },
    handler: (request) => cart.ubication(callerOf(request)),
  });

  app.get(`${P}/getmessagesbyuser`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Active stock messages for goods travelling to the caller’s home store',
      response: { 200: userStockMessages },
    },
    handler: (request) => cart.messages(callerOf(request)),
  });

  app.get(`${P}/ShowMessage`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Whether a stock message applies to goods served from a store',
      querystring: stockMessageQuery,
      response: { 200: showMessageResponse },
    },
    handler: async (request) => ({ show: (await cart.messageFrom(callerOf(request), request.query.origen)) !== null }),
  });

  app.get(`${P}/ReturnMessage`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The stock message for goods served from a store, or null',
      querystring: stockMessageQuery,
      response: { 200: returnMessageResponse },
    },
    handler: async (request) => ({ mensaje: await cart.messageFrom(callerOf(request), request.query.origen) }),
  });

  // Third brand: staff choose the client they buy for in the header selector.
  const brand3 = BRANDS[2].code;
  app.get(`${P}/getcartclients_${brand3}`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Clients the caller may buy for (admins: all)',
      querystring: cartClientsQuery,
      response: { 200: cartClientsResponse },
    },
    handler: (request) => cart.cartClients(callerOf(request), request.query.orderBy),
  });
  app.get(`${P}/getcurrentcartclient_${brand3}`, {
    config: { auth: buyer },
    schema: { tags, summary: 'The client the caller’s cart is for', response: { 200: currentCartClientResponse } },
    handler: (request) => cart.currentCartClient(callerOf(request)),
  });
  app.post(`${P}/setcurrentcartclient_${brand3}`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Choose the client the cart is for (admins any, others only their own)',
      body: setCartClientRequest,
      response: { 200: currentCartClientResponse, ...refusals },
    },
    handler: (request) => cart.setCartClient(callerOf(request), request.body.custAccount),
  });
};
