/**
 * The calls of menus and zones (decision 0038), each declared once (issue 24; decision 0062), over the schemas of
 * content-tree.ts (the tree rules categories and menus share): signed-in users read the zones' menus, admins edit
 * them; and the side menu (`menuCalls`, over common.ts's schema; the server's common module answers it).
 */

import { navMenuResponse } from './common.ts';
import { RANK } from './constants.ts';
import {
  contentIdQuery,
  iconListResponse,
  menuDetail,
  menuLanguageQuery,
  menuTreeResponse,
  newMenuQuery,
  organizedResponse,
  organizeMenusBody,
  putMenuBody,
  putNode,
  putZoneBody,
  removeNode,
  treeLanguageQuery,
  zoneDetail,
  zoneList,
  zoneMenusQuery,
  zoneMenusResponse,
} from './content-tree.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

const admin = { rank: RANK.admin } as const;
const M = '/api/inmenu';
const menuTags = ['menus'] as const;

export const menuTreeCalls = {
  zoneMenus: endpoint({
    method: 'GET',
    path: `${M}/getzonemenus`,
    access: 'user',
    summary: 'The active menus of the header, footer and dashboard zones in a language, with the paths they open',
    tags: menuTags,
    query: zoneMenusQuery,
    response: zoneMenusResponse,
  }),
  icons: endpoint({
    method: 'GET',
    path: `${M}/geticons`,
    access: admin,
    summary: 'The icon list: the icons a menu or category may carry',
    tags: menuTags,
    response: iconListResponse,
  }),
  tree: endpoint({
    method: 'GET',
    path: `${M}/getmenustreeview`,
    access: admin,
    summary: "One language's menus per zone (zones named in cod_idioma), with the version a reorganisation posts back",
    tags: menuTags,
    query: menuLanguageQuery.extend(treeLanguageQuery.shape),
    response: menuTreeResponse,
  }),
  menu: endpoint({
    method: 'GET',
    path: `${M}/getmenu`,
    access: admin,
    summary: 'A menu',
    tags: menuTags,
    query: contentIdQuery,
    response: menuDetail,
    refusals: { 404: errorBody },
  }),
  newMenu: endpoint({
    method: 'GET',
    path: `${M}/getnewmenu`,
    access: admin,
    summary: 'An unsaved menu (id 0) in a language and zone (menu_cod), linking to the list of pages',
    tags: menuTags,
    query: newMenuQuery,
    response: menuDetail,
  }),
  put: putNode(
    `${M}/putmenu/:id`,
    'Creates (id 0 or "new", last under parent_id) or updates a menu: title, icon, link, zone, active flag',
    putMenuBody,
    menuTags,
  ),
  remove: removeNode(`${M}/deletemenu/:id`, 'Deletes a menu that has no children (the web confirms first)', menuTags),
  organize: endpoint({
    method: 'POST',
    path: `${M}/organizemenus/`,
    access: admin,
    summary:
      "Saves one language's menus reorganised by drag and drop, posted whole (each root names its zone): the same nodes, no loop, the current version (else WARN_SaveERR with the reason)",
    tags: menuTags,
    body: organizeMenusBody,
    response: organizedResponse,
    refusals: { 400: errorBody, 409: errorBody },
  }),
  zones: endpoint({
    method: 'GET',
    path: `${M}/getzones`,
    access: admin,
    summary: 'The zones, named in a language',
    tags: menuTags,
    query: treeLanguageQuery,
    response: zoneList,
  }),
  zone: endpoint({
    method: 'GET',
    path: `${M}/getzone`,
    access: admin,
    summary: 'A zone with its names per language',
    tags: menuTags,
    query: contentIdQuery,
    response: zoneDetail,
    refusals: { 404: errorBody },
  }),
  putZone: putNode(
    `${M}/putzone/:id`,
    'Creates (id 0 or "new") or updates a zone: its code and names per language',
    putZoneBody,
    menuTags,
  ),
  removeZone: removeNode(
    `${M}/deletezone/:id`,
    'Deletes a zone that holds no menus (the web confirms first)',
    menuTags,
  ),
};

/** The side menu. */
export const menuCalls = {
  nav: endpoint({
    method: 'GET',
    path: '/api/innavmenu/getnavmenu',
    access: 'user',
    summary: 'The side menu the caller may see (titles are dictionary keys)',
    tags: ['common'],
    response: navMenuResponse,
  }),
};
