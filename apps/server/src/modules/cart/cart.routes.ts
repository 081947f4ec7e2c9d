import { addToCartRequest, cartLengthResponse } from '@portal/contract/catalog';
import { ROLES } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CartRepository } from './cart.repository.ts';

const tag = ['cart'];

export const cartRoutes: FastifyPluginAsyncZod<{ repo: CartRepository }> = async (app, { repo }) => {
  app.post('/api/incheckout/addtocurrentcart', {
    config: { auth: { role: ROLES.buy } },
    schema: {
      tags: tag,
      summary: 'Add an article to the caller’s cart; an article already there gets the quantity added',
      body: addToCartRequest,
      response: { 200: z.object({ count: z.number().int() }), 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const me = callerOf(request);
      const b = request.body;
      const count = await repo.add({
        userId: me.id,
        clientId: me.clientId,
        articleId: b.id_articulo,
        quantity: b.quantity,
        modelId: b.ref_model ?? null,
        supplier: b.stw_Proveedor ?? null,
        searchLogId: b.searchLogId ?? null,
      });
      if (count === null) throw notFound();
      return { count };
    },
  });

  app.get('/api/incheckout/getcurrentcartlength', {
    config: { auth: 'user' },
    schema: { tags: tag, summary: 'Number of lines in the caller’s cart', response: { 200: cartLengthResponse } },
    handler: (request) => repo.length(callerOf(request).id),
  });
};
