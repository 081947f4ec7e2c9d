import { BRANDS } from '@portal/contract/brands';
import { checkoutCalls as c } from '@portal/contract/checkout-calls';
import { ROLES } from '@portal/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf, type Principal } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { checkoutRepository } from './checkout.repository.ts';
import type { CheckoutService } from './checkout.service.ts';
import { receiptPdf } from './receipt.ts';

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

  endpointRoute(app, c.header, (request) => checkout.header(callerOf(request), null, true));
  endpointRoute(app, c.currentFull, (request) => checkout.header(callerOf(request), null, true));
  endpointRoute(app, c.cartFull, (request) => checkout.header(callerOf(request), request.query.salesid, false));

  endpointRoute(app, c.addresses, async (request) => {
    const me = callerOf(request);
    return addressList(me, (await clientFor(me)).clientId);
  });
  endpointRoute(app, c.addressesByClient, async (request) => {
    const me = callerOf(request);
    return addressList(me, (await clientFor(me, request.query.id_cliente)).clientId);
  });
  endpointRoute(app, c.dlvModes, (request) =>
    dlvModes(request.query.inventlocation ?? null, request.query.isAddressWeb),
  );
  endpointRoute(app, c.dlvModesByClient, async (request) =>
    dlvModes((await clientFor(callerOf(request), request.query.id_cliente)).homeStore, false),
  );
  endpointRoute(app, c.paymentMethods, async (request) => {
    const owner = await clientFor(callerOf(request));
    const methods = await repo.paymentMethods(owner.clientId);
    return {
      availablemethods: methods.map((m) => ({ id: m.id, paymentmodelabel: m.name, channel: m.canal_pago_cod })),
      default: (methods.find((m) => m.is_default) ?? methods[0])?.id ?? null,
    };
  });

  endpointRoute(app, c.prepare, (request) =>
    checkout.prepare(callerOf(request), request.body, {
      base: app.publicBaseUrl(request),
      lang: request.query.lang,
    }),
  );
  endpointRoute(app, c.finish, (request) => checkout.finish(callerOf(request), request.body));
  endpointRoute(app, c.process, (request) => checkout.process(callerOf(request), request.body.salesTableId));

  endpointRoute(app, c.receipt, async (request, reply) => {
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
  });
};
