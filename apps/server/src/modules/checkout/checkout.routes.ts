import { BRANDS } from '@portal/contract/brands';
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
  receiptParams,
} from '@portal/contract/cart';
import { ROLES } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf, type Principal } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { checkoutRepository } from './checkout.repository.ts';
import type { CheckoutService } from './checkout.service.ts';
import { receiptPdf } from './receipt.ts';

const tags = ['checkout'];
const buyer = { role: ROLES.buy } as const;
const refusals = { 400: errorBody, 404: errorBody };
const P = '/api/incheckout';

type Options = {
  checkout: CheckoutService;
  cart: CartService;
  repo: ReturnType<typeof checkoutRepository>;
  webContextOf: WebContextResolver;
};

export const checkoutRoutes: FastifyPluginAsyncZod<Options> = async (app, { checkout, cart, repo, webContextOf }) => {
  /** The client whose data an admin may read by id; anyone else only reads their own client's. */
  async function clientFor(me: Principal, id?: string) {
    const owner = await cart.ownerOf(me);
    if (id === undefined || id === owner.clientId) return owner;
    if (!me.roles.includes(ROLES.admin)) throw notFound();
    const client = await repo.client(id);
    if (!client) throw notFound();
    return { userId: me.id, clientId: client.accountnum, homeStore: client.store_id };
  }

  async function addressList(me: Principal, clientId: string) {
    const [addresses, userDefault] = await Promise.all([repo.addresses(clientId), repo.userDefaultAddress(me.id)]);
    const selected = addresses.find((a) => a.id === userDefault) ?? addresses.find((a) => a.is_default) ?? addresses[0];
    return {
      selected: selected?.id ?? null,
      addrlist: addresses.map((a) => ({ id: a.id, label: `${a.name} · ${a.street}, ${a.zipcode} ${a.city}` })),
    };
  }

  async function dlvModes(storeId: string | null, isAddressWeb: boolean) {
    const modes = (await repo.dlvModes(storeId)).filter((m) => !isAddressWeb || m.carrier);
    return {
      selected: (modes.find((m) => m.is_default) ?? modes[0])?.id ?? null,
      dlvmodes: modes.map((m) => ({ id: m.id, label: m.name })),
    };
  }

  app.get(`${P}/getLocationsPerCurrentCart`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Checkout header of the open cart (its stores)',
      response: { 200: checkoutHeader, ...refusals },
    },
    handler: (request) => checkout.header(callerOf(request), null, true),
  });
  app.get(`${P}/getLocationsPerCurrentCartFull`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Checkout header of the open cart with each store’s items and form values; 400 when a line has no store',
      querystring: langQuery,
      response: { 200: checkoutHeader, ...refusals },
    },
    handler: (request) => checkout.header(callerOf(request), null, true),
  });
  app.get(`${P}/getLocationsPerCartIdFull`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Checkout header of one of the caller’s carts (also once finished): the payment return reads it',
      querystring: cartIdQuery,
      response: { 200: checkoutHeader, ...refusals },
    },
    handler: (request) => checkout.header(callerOf(request), request.query.salesid, false),
  });

  app.get(`${P}/getaddrlist`, {
    config: { auth: buyer },
    schema: { tags, summary: 'Delivery addresses of the caller’s client', response: { 200: addressListResponse } },
    handler: async (request) => {
      const me = callerOf(request);
      return addressList(me, (await clientFor(me)).clientId);
    },
  });
  app.get(`${P}/getAddrListByCliente`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Delivery addresses of a client (admins any, others their own)',
      querystring: clientIdQuery,
      response: { 200: addressListResponse, ...refusals },
    },
    handler: async (request) => {
      const me = callerOf(request);
      return addressList(me, (await clientFor(me, request.query.id_cliente)).clientId);
    },
  });
  app.get(`${P}/getdlvmodeslist`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Delivery modes of a store; to a web (alternative) address only carriers',
      querystring: dlvModesQuery,
      response: { 200: dlvModesResponse },
    },
    handler: (request) => dlvModes(request.query.inventlocation ?? null, request.query.isAddressWeb),
  });
  app.get(`${P}/getDlvModesListByCliente`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Delivery modes of a client’s home store (admins any client, others their own)',
      querystring: clientIdQuery,
      response: { 200: dlvModesResponse, ...refusals },
    },
    handler: async (request) =>
      dlvModes((await clientFor(callerOf(request), request.query.id_cliente)).homeStore, false),
  });
  app.get(`${P}/getPaymentMethods`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Payment methods of the caller’s client and the default',
      response: { 200: paymentMethodsResponse },
    },
    handler: async (request) => {
      const owner = await clientFor(callerOf(request));
      const methods = await repo.paymentMethods(owner.clientId);
      return {
        availablemethods: methods.map((m) => ({ id: m.id, paymentmodelabel: m.name, channel: m.canal_pago_cod })),
        default: (methods.find((m) => m.is_default) ?? methods[0])?.id ?? null,
      };
    },
  });

  app.post(`${P}/preparecheckout`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Validate and store the checkout; with a card location, the signed request for the payment page',
      querystring: langQuery,
      body: prepareCheckoutRequest,
      response: { 200: prepareCheckoutResponse, ...refusals },
    },
    handler: (request) =>
      checkout.prepare(callerOf(request), request.body, {
        base: app.publicBaseUrl(request),
        lang: request.query.lang,
      }),
  });
  app.post(`${P}/finishcheckout`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Make one web order per store, exactly once (card checkouts once the payment is authorised)',
      body: finishCheckoutRequest,
      response: { 200: finishCheckoutResponse, ...refusals },
    },
    handler: (request) => checkout.finish(callerOf(request), request.body),
  });
  app.post(`${P}/processcheckout`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'Finish a cart from its stored checkout (after the payment page), exactly once',
      body: z.object({ salesTableId: z.coerce.number().int().positive() }),
      response: { 200: finishCheckoutResponse, ...refusals },
    },
    handler: (request) => checkout.process(callerOf(request), request.body.salesTableId),
  });

  app.get(`${P}/receipt/:tarjetaId/:cartId`, {
    config: { auth: buyer },
    schema: {
      tags,
      summary: 'The purchase receipt of a finished checkout (PDF)',
      params: receiptParams,
      produces: ['application/pdf'],
      response: { 200: z.any(), ...refusals },
    },
    handler: async (request, reply) => {
      const me = callerOf(request);
      const r = await checkout.receipt(me, request.params.tarjetaId, request.params.cartId);
      const pdf = await receiptPdf({
        brand: BRANDS[webContextOf(request)],
        snapshot: r.snapshot,
        result: r.result,
        client: r.client,
        user: r.user,
        finishedAt: r.finishedAt,
      });
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', attachment(`justificante-${r.result.salestableid}.pdf`));
      reply.header('Cache-Control', 'private, no-store');
      return reply.send(pdf);
    },
  });
};
