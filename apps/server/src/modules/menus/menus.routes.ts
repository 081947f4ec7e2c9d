import { RANK } from '@portal/contract/constants';
import {
  contentIdQuery,
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
  TREE_MESSAGES,
  treeLanguageQuery,
  zoneDetail,
  zoneList,
  zoneMenusQuery,
  zoneMenusResponse,
} from '@portal/contract/content-tree';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nodeSaveAndDeleteRoutes } from '../../lib/content-tree-routes.ts';
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

  nodeSaveAndDeleteRoutes(app, {
    tags: tag,
    put: {
      url: `${P}/putmenu`,
      summary: 'Creates (id 0 or "new", last under parent_id) or updates a menu: title, icon, link, zone, active flag',
      body: putMenuBody,
    },
    remove: { url: `${P}/deletemenu`, summary: 'Deletes a menu that has no children (the web confirms first)' },
    save: (id, body) => repo.save(id, body, clock()),
    delete: (id) => repo.remove(id),
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

  nodeSaveAndDeleteRoutes(app, {
    tags: tag,
    put: {
      url: `${P}/putzone`,
      summary: 'Creates (id 0 or "new") or updates a zone: its code and names per language',
      body: putZoneBody,
    },
    remove: { url: `${P}/deletezone`, summary: 'Deletes a zone that holds no menus (the web confirms first)' },
    save: (id, body) => repo.saveZone(id, body, clock()),
    delete: (id) => repo.removeZone(id),
  });
};
