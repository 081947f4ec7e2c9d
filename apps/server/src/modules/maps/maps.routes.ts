import { RANK } from '@portal/contract/constants';
import { mapCalls as c, MAP_COLOUR_STYLES, MAP_DEFAULTS, MAP_MESSAGES } from '@portal/contract/maps';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { MapConfig } from '../../lib/map-tiles.ts';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden, notFound, RuleViolations } from '../../plugins/errors.ts';
import type { MapsRepository } from './maps.repository.ts';

/** The map of stores and points (spec part 2 §7 "Maps"; decision 0026): signed-in users read, admins write. */
export const mapsRoutes: FastifyPluginAsync<{ repo: MapsRepository; tiles: MapConfig; clock: () => Date }> = async (
  app,
  { repo, tiles, clock },
) => {
  endpointRoute(app, c.config, async (request) => {
    const isAdmin = callerOf(request).rank >= RANK.admin;
    return {
      center: MAP_DEFAULTS.center,
      zoom: MAP_DEFAULTS.zoom,
      layers: tiles.layers,
      styles: [...MAP_COLOUR_STYLES],
      stores: isAdmin ? await repo.storeOptions() : [],
    };
  });

  endpointRoute(app, c.markers, async (request) => {
    if (request.query.todos && callerOf(request).rank < RANK.admin) throw forbidden();
    return repo.markers(request.query.cod_idioma, request.query.todos);
  });

  endpointRoute(app, c.point, async (request) => {
    const point = request.params.id === 0 ? null : await repo.detail(request.params.id);
    if (!point || (!point.sw_activo && callerOf(request).rank < RANK.admin)) throw notFound();
    return point;
  });

  endpointRoute(app, c.newPoint, async (request) => ({
    id_mapoint: 0,
    latitude: null,
    longitude: null,
    sw_activo: true,
    tipo: 'point' as const,
    marker: 'blue' as const,
    almacen: null,
    mapointposted: [{ idioma_cod: request.query.cod_idioma, nombre: '', descripcion: '' }],
  }));

  endpointRoute(app, c.put, async (request) => {
    const data = request.body;
    if (data.tipo === 'store' && data.almacen && !(await repo.storeExists(data.almacen))) {
      throw new RuleViolations([{ path: 'almacen', message: MAP_MESSAGES.storeUnknown }]);
    }
    const id = await repo.save(request.params.id, data, clock());
    if (id === null) throw notFound();
    return { message: MAP_MESSAGES.saved, id_mapoint: id };
  });

  endpointRoute(app, c.remove, async (request) => {
    const id = request.params.id;
    if (id === 0 || !(await repo.remove(id))) throw notFound();
    return { message: MAP_MESSAGES.deleted, id_mapoint: id };
  });
};
