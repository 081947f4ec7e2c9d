import { MENU_ICONS, TREE_MESSAGES } from '@portal/contract/content-tree';
import { menuTreeCalls as c } from '@portal/contract/menus-calls';
import type { FastifyPluginAsync } from 'fastify';
import { nodeSaveAndDeleteRoutes } from '../../lib/content-tree-routes.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MenusRepository } from './menus.repository.ts';

/**
 * Menus and zones (spec part 2 §7 "Menus"; decisions 0037, 0038): the calls declared in the contract
 * (`menuTreeCalls`; issue 24), each registered from its declaration. Signed-in users read the zones' menus, admins
 * edit.
 */
export const menusRoutes: FastifyPluginAsync<{ repo: MenusRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  endpointRoute(app, c.zoneMenus, (request) => repo.zoneMenus(request.query.idioma_cod));

  endpointRoute(app, c.icons, async () => [...MENU_ICONS]);

  endpointRoute(app, c.tree, (request) => repo.treeView(request.query.idioma_cod, request.query.cod_idioma));

  endpointRoute(app, c.menu, async (request) => {
    const menu = await repo.detail(request.query.id);
    if (!menu) throw notFound();
    return menu;
  });

  endpointRoute(app, c.newMenu, async (request) => ({
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
  }));

  nodeSaveAndDeleteRoutes(app, {
    put: c.put,
    remove: c.remove,
    save: (id, body) => repo.save(id, body, clock()),
    delete: (id) => repo.remove(id),
  });

  endpointRoute(app, c.organize, async (request) => ({
    message: TREE_MESSAGES.saved,
    version: await repo.organize(request.body.idioma_cod, request.body.tree, request.body.version),
  }));

  // ---- zones (spec: the zone detail screen) ----

  endpointRoute(app, c.zones, (request) => repo.zones(request.query.cod_idioma));

  endpointRoute(app, c.zone, async (request) => {
    const zone = await repo.zone(request.query.id);
    if (!zone) throw notFound();
    return zone;
  });

  nodeSaveAndDeleteRoutes(app, {
    put: c.putZone,
    remove: c.removeZone,
    save: (id, body) => repo.saveZone(id, body, clock()),
    delete: (id) => repo.removeZone(id),
  });
};
