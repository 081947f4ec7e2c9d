import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  deleteMapResponse,
  getMapsQuery,
  getMapsResponse,
  MAP_COLOUR_STYLES,
  MAP_DEFAULTS,
  MAP_MESSAGES,
  mapConfigResponse,
  mapIdParams,
  mapLanguageQuery,
  mapPointDetail,
  putMapBody,
  putMapResponse,
} from '@portal/contract/maps';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MapConfig } from '../../lib/map-tiles.ts';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden, notFound, RuleViolations } from '../../plugins/errors.ts';
import type { MapsRepository } from './maps.repository.ts';

const tag = ['maps'];
const P = '/api/inmap';
const admin = { rank: RANK.admin } as const;

/** The map of stores and points (spec part 2 §7 "Maps"; decision 0026): signed-in users read, admins write. */
export const mapsRoutes: FastifyPluginAsyncZod<{ repo: MapsRepository; tiles: MapConfig; clock: () => Date }> = async (
  app,
  { repo, tiles, clock },
) => {
  app.get(`${P}/config`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Default centre and zoom, the configured map types (tile layers) and colour styles',
      response: { 200: mapConfigResponse },
    },
    handler: async (request) => {
      const isAdmin = callerOf(request).rank >= RANK.admin;
      return {
        center: MAP_DEFAULTS.center,
        zoom: MAP_DEFAULTS.zoom,
        layers: tiles.layers,
        styles: [...MAP_COLOUR_STYLES],
        stores: isAdmin ? await repo.storeOptions() : [],
      };
    },
  });

  app.get(`${P}/getmaps/`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'The active map points in a language (Spanish when missing); admins may ask for the inactive too',
      querystring: getMapsQuery,
      response: { 200: getMapsResponse, 403: errorBody },
    },
    handler: async (request) => {
      if (request.query.todos && callerOf(request).rank < RANK.admin) throw forbidden();
      return repo.markers(request.query.cod_idioma, request.query.todos);
    },
  });

  app.get(`${P}/getmap/:id`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'A map point with all its languages (an inactive one only for admins)',
      params: mapIdParams,
      response: { 200: mapPointDetail, 404: errorBody },
    },
    handler: async (request) => {
      const point = request.params.id === 0 ? null : await repo.detail(request.params.id);
      if (!point || (!point.sw_activo && callerOf(request).rank < RANK.admin)) throw notFound();
      return point;
    },
  });

  app.get(`${P}/getnewmap`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'An unsaved map point (id 0) with one empty language tab',
      querystring: mapLanguageQuery,
      response: { 200: mapPointDetail },
    },
    handler: async (request) => ({
      id_mapoint: 0,
      latitude: null,
      longitude: null,
      sw_activo: true,
      tipo: 'point' as const,
      marker: 'blue' as const,
      almacen: null,
      mapointposted: [{ idioma_cod: request.query.cod_idioma, nombre: '', descripcion: '' }],
    }),
  });

  app.post(`${P}/putmap/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Creates (id 0 or "new") or replaces a map point with its languages',
      params: mapIdParams,
      body: putMapBody,
      response: { 200: putMapResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const data = request.body;
      if (data.tipo === 'store' && data.almacen && !(await repo.storeExists(data.almacen))) {
        throw new RuleViolations([{ path: 'almacen', message: MAP_MESSAGES.storeUnknown }]);
      }
      const id = await repo.save(request.params.id, data, clock());
      if (id === null) throw notFound();
      return { message: MAP_MESSAGES.saved, id_mapoint: id };
    },
  });

  app.delete(`${P}/deletemap/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes a map point and its languages',
      params: mapIdParams,
      response: { 200: deleteMapResponse, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await repo.remove(id))) throw notFound();
      return { message: MAP_MESSAGES.deleted, id_mapoint: id };
    },
  });
};
