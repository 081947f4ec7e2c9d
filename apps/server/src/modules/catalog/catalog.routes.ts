import { catalogCalls as c } from '@portal/contract/catalog-calls';
import type { EndpointDef } from '@portal/contract/endpoint';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogService, ListVariant } from './catalog.service.ts';
import { articleSvg } from './product-image.ts';

/** The four searches: one record per article or per article and fitting model, counted or not. */
const LIST_VARIANTS = [
  [c.list, { perVehicle: false, withCount: true }],
  [c.listContent, { perVehicle: false, withCount: false }],
  [c.list2, { perVehicle: true, withCount: true }],
  [c.list2Content, { perVehicle: true, withCount: false }],
] as const satisfies readonly (readonly [EndpointDef, ListVariant])[];

/** The catalogue: the calls declared in the contract (`catalogCalls`; issue 24), each registered from its declaration. */
export const catalogRoutes: FastifyPluginAsync<{ service: CatalogService; repo: CatalogRepository }> = async (
  app,
  { service, repo },
) => {
  for (const [e, variant] of LIST_VARIANTS)
    endpointRoute(app, e, (request) => service.list(request.query, variant, request.principal));

  endpointRoute(app, c.price, (request) => service.price(request.params.id, callerOf(request)));

  endpointRoute(app, c.detail, (request) =>
    service.detail(request.params.id, request.query.modelid ?? request.query.modelo, request.principal),
  );

  endpointRoute(app, c.brands, () => repo.brands());
  endpointRoute(app, c.brandById, (request) => repo.brandById(request.query.id));
  endpointRoute(app, c.models, (request) => repo.models(request.query.brand));
  endpointRoute(app, c.engines, (request) => repo.engines(request.query.brand, request.query.model));

  endpointRoute(app, c.plate, (request) =>
    service.byPlate(request.body.country, request.body.plateText, callerOf(request)),
  );

  endpointRoute(app, c.availability, (request) => service.availability(request.params.id, callerOf(request).language));

  endpointRoute(app, c.image, async (request, reply) => {
    const [row] = await repo.articlesByIds([request.params.id]);
    if (!row || request.params.n > row.image_count) {
      return reply.status(404).send({ message: 'WARN_NotFound' });
    }
    reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(articleSvg(row, request.params.n) as never);
  });
};
