import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery, gridResponse } from '@portal/contract/grids';
import {
  articleRow,
  articlesStoreQuery,
  putStockBody,
  putStockResponse,
  STORES_MESSAGES,
  storeParams,
  storeRow,
} from '@portal/contract/stores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { StoresRepository } from './stores.repository.ts';

const admin = { rank: RANK.admin } as const;

/** Stores with their stock calculation (/api/instock) and the article grid (/api/inarticle): admins only. */
export const storesRoutes: FastifyPluginAsyncZod<{ repo: StoresRepository }> = async (app, { repo }) => {
  app.get('/api/inarticle/GetArticlesJqGrid', {
    config: { auth: admin },
    schema: {
      tags: ['articles'],
      summary:
        'The whole catalogue as a jqGrid page: ITEMID, ITEMNAME, NAMEALIAS and Availability 0–3 seen from `store` ' +
        '(default: the first store by id). Default sort: ITEMID ascending.',
      querystring: gridQuery.extend(articlesStoreQuery.shape),
      response: { 200: gridResponse(articleRow), 400: errorBody },
    },
    handler: async (request) => {
      const { store, ...query } = request.query;
      const from = store ?? (await repo.defaultStore());
      if (!from || !(await repo.storeExists(from))) throw badRequest('WARN_ValidationError', 'store: unknown store');
      return repo.articlesGrid(query, from);
    },
  });

  app.get('/api/instock/GetStockJqGrid', {
    config: { auth: admin },
    schema: {
      tags: ['stores'],
      summary: 'The stores with their e-mails and stock calculation type (default sort: INVENTLOCATIONID)',
      querystring: gridQuery,
      response: { 200: gridResponse(storeRow), 400: errorBody },
    },
    handler: async (request) => repo.storesGrid(request.query),
  });

  app.get('/api/instock/getstock/:id', {
    config: { auth: admin },
    schema: {
      tags: ['stores'],
      summary: 'One store with its notice and return e-mails and its stock calculation type',
      params: storeParams,
      response: { 200: storeRow, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const found = await repo.getStore(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  });

  app.post('/api/instock/putstock', {
    config: { auth: admin },
    schema: {
      tags: ['stores'],
      summary:
        'Saves a store’s JUMNOTICEMAIL (new web orders), JUMRETURNMAIL (returns) — valid addresses or empty — and ' +
        'NOSYNC_StockCalcType (0 ERP stock, 1 ERP stock minus web orders not yet imported; decision 0043)',
      body: putStockBody,
      response: { 200: putStockResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      if (!(await repo.putStore(request.body))) throw notFound();
      return { message: STORES_MESSAGES.saved, INVENTLOCATIONID: request.body.INVENTLOCATIONID };
    },
  });
};
