import { cartCalls as c } from '@portal/contract/cart-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CartService } from './cart.service.ts';

/** The cart (part 1 §3, §7), registered from its declarations (`cartCalls`; issue 24, decision 0084). */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  endpointRoute(app, c.add, (request) => {
    const b = request.body;
    return cart.add(callerOf(request), {
      articleId: b.id_articulo,
      quantity: b.quantity,
      modelId: b.ref_model ?? null,
      supplier: b.stw_Proveedor ?? null,
      searchLogId: b.searchLogId ?? null,
    });
  });
  endpointRoute(app, c.addByReference, (request) =>
    cart.addByReference(callerOf(request), request.body.ref_jumasa, request.body.quantity, request.body.almacen),
  );
  endpointRoute(app, c.setQuantity, (request) =>
    cart.setQuantity(callerOf(request), request.body.id, request.body.quantity),
  );
  endpointRoute(app, c.setJobRef, (request) => cart.setJobRef(callerOf(request), request.body.id, request.body.jobRef));
  endpointRoute(app, c.refreshStock, (request) => cart.refreshStock(callerOf(request), request.body.id));
  endpointRoute(app, c.chooseStore, (request) =>
    cart.chooseStore(callerOf(request), request.body.salesid, request.body.locationid),
  );
  endpointRoute(app, c.remove, (request) => cart.remove(callerOf(request), request.params.id));
  endpointRoute(app, c.take, (request) => cart.take(callerOf(request), request.body.itemid, request.body.qty));
  endpointRoute(app, c.current, (request) => cart.current(callerOf(request)));
  endpointRoute(app, c.length, (request) => cart.length(callerOf(request)));
  endpointRoute(app, c.ubication, (request) => cart.ubication(callerOf(request)));
  endpointRoute(app, c.messages, (request) => cart.messages(callerOf(request)));
  endpointRoute(app, c.showMessage, async (request) => ({
    show: (await cart.messageFrom(callerOf(request), request.query.origen)) !== null,
  }));
  endpointRoute(app, c.returnMessage, async (request) => ({
    mensaje: await cart.messageFrom(callerOf(request), request.query.origen),
  }));
  // Third brand: staff choose the client they buy for in the header selector.
  endpointRoute(app, c.clients, (request) => cart.cartClients(callerOf(request), request.query.orderBy));
  endpointRoute(app, c.client, (request) => cart.currentCartClient(callerOf(request)));
  endpointRoute(app, c.setClient, (request) => cart.setCartClient(callerOf(request), request.body.custAccount));
};
