import { BRANDS } from '@portal/contract/brands';
import { checkoutCalls as c } from '@portal/contract/checkout-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { attachment } from '../../lib/storage-root.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { CheckoutOptions } from './checkout-options.ts';
import { receiptPdf } from './receipt.ts';

type Options = {
  checkout: CheckoutService;
  options: CheckoutOptions;
  webContextOf: WebContextResolver;
};

/** The checkout (part 1 §5, §7), registered from its declarations (`checkoutCalls`; issue 24, decision 0084). */
export const checkoutRoutes: FastifyPluginAsyncZod<Options> = async (app, { checkout, options, webContextOf }) => {
  endpointRoute(app, c.header, (request) => checkout.header(callerOf(request), null, true));
  endpointRoute(app, c.currentFull, (request) => checkout.header(callerOf(request), null, true));
  endpointRoute(app, c.cartFull, (request) => checkout.header(callerOf(request), request.query.salesid, false));

  endpointRoute(app, c.addresses, (request) => options.addresses(callerOf(request)));
  endpointRoute(app, c.addressesByClient, (request) => options.addresses(callerOf(request), request.query.id_cliente));
  endpointRoute(app, c.dlvModes, (request) =>
    options.dlvModes(request.query.inventlocation ?? null, request.query.isAddressWeb, callerOf(request).language),
  );
  endpointRoute(app, c.dlvModesByClient, (request) =>
    options.dlvModesOfClient(callerOf(request), request.query.id_cliente),
  );
  endpointRoute(app, c.paymentMethods, (request) => options.paymentMethods(callerOf(request)));

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
