import { RANK } from '@portal/contract/constants';
import {
  contentIdParams,
  contentIdQuery,
  deletedResponse,
  iconListResponse,
  MENU_ICONS,
  menuDetail,
  menuLanguageQuery,
  menuTreeResponse,
  newMenuQuery,
  organizedResponse,
  organizeMenusBody,
  putMenuBody,
  putZoneBody,
  savedResponse,
  TREE_MESSAGES,
  treeLanguageQuery,
  zoneDetail,
  zoneList,
  zoneMenusQuery,
  zoneMenusResponse,
} from '@portal/contract/content-tree';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors.ts';
import type { MenusRepository } from './menus.repository.ts';

const tag = ['menus'];
const P = '/api/inmenu';
const admin = { rank: RANK.admin } as const;

/** Menus and zones (spec part 2 §7 "Menus"; decisions 0037, 0038): signed-in users read the zones' menus, admins edit. */
export const menusRoutes: FastifyPluginAsyncZod<{ repo: MenusRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  app.get(`${P}/getzonemenus`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'The active menus of the header, footer and dashboard zones in a language, with the paths they open',
      querystring: zoneMenusQuery,
      response: { 200: zoneMenusResponse },
    },
    handler: (request) => repo.zoneMenus(request.query.idioma_cod),
  });

  app.get(`${P}/geticons`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'The icon list: the icons a menu or category may carry',
      response: { 200: iconListResponse },
    },
    handler: async () => [...MENU_ICONS],
  });

  app.get(`${P}/getmenustreeview`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary:
        "One language's menus per zone (zones named in cod_idioma), with the version a reorganisation posts back",
      querystring: menuLanguageQuery.extend(treeLanguageQuery.shape),
      response: { 200: menuTreeResponse },
    },
    handler: (request) => repo.treeView(request.query.idioma_cod, request.query.cod_idioma),
  });

  app.get(`${P}/getmenu`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'A menu',
      querystring: contentIdQuery,
      response: { 200: menuDetail, 404: errorBody },
    },
    handler: async (request) => {
      const menu = await repo.detail(request.query.id);
      if (!menu) throw notFound();
      return menu;
    },
  });

  app.get(`${P}/getnewmenu`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'An unsaved menu (id 0) in a language and zone (menu_cod), linking to the list of pages',
      querystring: newMenuQuery,
      response: { 200: menuDetail },
    },
    handler: async (request) => ({
      id_menu: 0,
      idioma_cod: request.query.cod_idioma,
      zona_id: request.query.menu_cod ?? null,
      parent_id: null,
      nombre: '',
      icon: null,
      lnkobjeto_cod: 4,
      lnkobjeto_id: null,
      lnkmode: 1,
      sw_activo: true,
    }),
  });

  app.post(`${P}/putmenu/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Creates (id 0 or "new", last under parent_id) or updates a menu: title, icon, link, zone, active flag',
      params: contentIdParams,
      body: putMenuBody,
      response: { 200: savedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = await repo.save(request.params.id, request.body, clock());
      if (id === null) throw notFound();
      return { message: TREE_MESSAGES.saved, id };
    },
  });

  app.delete(`${P}/deletemenu/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes a menu that has no children (the web confirms first)',
      params: contentIdParams,
      response: { 200: deletedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await repo.remove(id))) throw notFound();
      return { message: TREE_MESSAGES.deleted, id };
    },
  });

  app.post(`${P}/organizemenus/`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary:
        "Saves one language's menus reorganised by drag and drop, posted whole (each root names its zone): the same nodes, no loop, the current version (else WARN_SaveERR with the reason)",
      body: organizeMenusBody,
      response: { 200: organizedResponse, 400: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      message: TREE_MESSAGES.saved,
      version: await repo.organize(request.body.idioma_cod, request.body.tree, request.body.version),
    }),
  });

  // ---- zones (spec: the zone detail screen) ----

  app.get(`${P}/getzones`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'The zones, named in a language',
      querystring: treeLanguageQuery,
      response: { 200: zoneList },
    },
    handler: (request) => repo.zones(request.query.cod_idioma),
  });

  app.get(`${P}/getzone`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'A zone with its names per language',
      querystring: contentIdQuery,
      response: { 200: zoneDetail, 404: errorBody },
    },
    handler: async (request) => {
      const zone = await repo.zone(request.query.id);
      if (!zone) throw notFound();
      return zone;
    },
  });

  app.post(`${P}/putzone/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Creates (id 0 or "new") or updates a zone: its code and names per language',
      params: contentIdParams,
      body: putZoneBody,
      response: { 200: savedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = await repo.saveZone(request.params.id, request.body, clock());
      if (id === null) throw notFound();
      return { message: TREE_MESSAGES.saved, id };
    },
  });

  app.delete(`${P}/deletezone/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes a zone that holds no menus (the web confirms first)',
      params: contentIdParams,
      response: { 200: deletedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await repo.removeZone(id))) throw notFound();
      return { message: TREE_MESSAGES.deleted, id };
    },
  });
};
