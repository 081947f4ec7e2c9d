import {
  availabilityQuery,
  availabilityResponse,
  brandsByIdQuery,
  idParams,
  modelsQuery,
  motorizationsQuery,
  optionList,
  plateRequest,
  plateResponse,
  priceResponse,
  productDetail,
  productDetailQuery,
  productListQuery,
  productListResponse,
} from '@portal/contract/catalog';
import { ROLES } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogService, ListVariant } from './catalog.service.ts';
import { articleSvg } from './product-image.ts';

const tag = ['catalog'];

const LIST_VARIANTS: Record<string, ListVariant & { summary: string }> = {
  getlist: {
    perVehicle: false,
    withCount: true,
    summary: 'Search the catalogue: one record per article, with the total count',
  },
  getlistcontent: {
    perVehicle: false,
    withCount: false,
    summary: 'Same records as getlist without counting the total (count = records on the page)',
  },
  getlist2: {
    perVehicle: true,
    withCount: true,
    summary: 'Search the catalogue: one record per article and fitting vehicle model, with the total count',
  },
  getlist2content: {
    perVehicle: true,
    withCount: false,
    summary: 'Same records as getlist2 without counting the total (count = records on the page)',
  },
};

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService; repo: CatalogRepository }> = async (
  app,
  { service, repo },
) => {
  for (const [name, variant] of Object.entries(LIST_VARIANTS)) {
    app.get(`/api/product/${name}`, {
      config: { auth: 'optional' },
      schema: {
        tags: tag,
        summary: variant.summary,
        description: 'Prices and stock only for signed-in callers. See docs/decisions/0009-catalogue-search.md.',
        querystring: productListQuery,
        response: { 200: productListResponse, 400: errorBody },
      },
      handler: (request) => service.list(request.query, variant, request.principal),
    });
  }

  app.get('/api/product/getprice/:id', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'List price and the caller’s net price of an article',
      params: idParams,
      response: { 200: priceResponse, 404: errorBody },
    },
    handler: (request) => service.price(request.params.id, callerOf(request)),
  });

  app.get('/api/product/getproduct/:id', {
    config: { auth: 'optional' },
    schema: {
      tags: tag,
      summary: 'An article with images, fitments and related articles (same family, other families)',
      params: idParams,
      querystring: productDetailQuery,
      response: { 200: productDetail, 404: errorBody },
    },
    handler: (request) =>
      service.detail(request.params.id, request.query.modelid ?? request.query.modelo, request.principal),
  });

  app.get('/api/product/getbrands/', {
    config: { auth: 'anonymous' },
    schema: { tags: tag, summary: 'Vehicle makes', response: { 200: optionList } },
    handler: () => repo.brands(),
  });
  app.get('/api/product/getbrandsbyid', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'One vehicle make by id (empty list when unknown)',
      querystring: brandsByIdQuery,
      response: { 200: optionList },
    },
    handler: (request) => repo.brandById(request.query.id),
  });
  app.get('/api/product/getmodels', {
    config: { auth: 'anonymous' },
    schema: { tags: tag, summary: 'Models of a make', querystring: modelsQuery, response: { 200: optionList } },
    handler: (request) => repo.models(request.query.brand),
  });
  app.get('/api/product/getmotorizations', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'Engines of a model of a make',
      querystring: motorizationsQuery,
      response: { 200: optionList },
    },
    handler: (request) => repo.engines(request.query.brand, request.query.model),
  });

  app.post('/api/product/getbyplate', {
    config: { auth: { role: ROLES.searchplate } },
    schema: {
      tags: tag,
      summary: 'The vehicle of a licence plate; the search is logged and its id is the searchLogId of the cart',
      body: plateRequest,
      response: { 200: plateResponse, 400: errorBody },
    },
    handler: (request) => service.byPlate(request.body.country, request.body.plateText, callerOf(request)),
  });

  app.get('/api/product/checkAvailability/:id', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Stock status and figure of an article in every store',
      params: idParams,
      querystring: availabilityQuery,
      response: { 200: availabilityResponse, 404: errorBody },
    },
    handler: (request) => service.availability(request.params.id),
  });

  app.get('/api/product/image/:id/:n', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'Picture n of an article (SVG)',
      params: z.object({ id: z.coerce.number().int().positive(), n: z.coerce.number().int().min(1).max(9) }),
      produces: ['image/svg+xml'],
      response: { 404: errorBody },
    },
    handler: async (request, reply) => {
      const [row] = await repo.articlesByIds([request.params.id]);
      if (!row || request.params.n > row.image_count) {
        return reply.status(404).send({ message: 'WARN_NotFound' });
      }
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=86400');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.send(articleSvg(row, request.params.n) as never);
    },
  });
};
