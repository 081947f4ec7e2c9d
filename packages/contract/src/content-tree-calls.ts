/**
 * The calls of the content tree (categories, menus and zones; decisions 0037, 0038), each declared once (issue 24;
 * decision 0062), over the schemas of content-tree.ts. Signed-in users read the trees and the zones' menus; admins
 * edit them.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import {
  categoryDetail,
  categoryTreeResponse,
  contentIdParams,
  contentIdQuery,
  deletedResponse,
  iconListResponse,
  menuDetail,
  menuLanguageQuery,
  menuTreeResponse,
  newCategoryQuery,
  newMenuQuery,
  organizeBody,
  organizedResponse,
  organizeMenusBody,
  postCategoryTreeResponse,
  putCategoryBody,
  putMenuBody,
  putZoneBody,
  savedResponse,
  treeLanguageQuery,
  zoneDetail,
  zoneList,
  zoneMenusQuery,
  zoneMenusResponse,
} from './content-tree.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

const admin = { rank: RANK.admin } as const;
const C = '/api/incategory';
const M = '/api/inmenu';
const categoryTags = ['categories'] as const;
const menuTags = ['menus'] as const;

/** gettree/{id}: the post (0: none) whose category is marked. */
export const postTreeParams = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });

const postTree = <const P extends `/${string}`, const T extends readonly string[]>(path: P, tags: T) =>
  endpoint({
    method: 'GET',
    path,
    access: 'user',
    summary: "The tree for the post editor, with the post's category (id; 0 none) marked as selected",
    tags,
    params: postTreeParams,
    query: treeLanguageQuery,
    response: postCategoryTreeResponse,
  });

/**
 * The save of a node of a content tree, for admins: creates (id 0 or "new") or updates and answers
 * `{ message: WARN_Saved, id }`, 404 for an unknown id (409 where a node's version is checked).
 */
const putNode = <const P extends `/${string}`, const B extends z.ZodType, const T extends readonly string[]>(
  path: P,
  summary: string,
  body: B,
  tags: T,
) =>
  endpoint({
    method: 'POST',
    path,
    access: admin,
    summary,
    tags,
    params: contentIdParams,
    body,
    response: savedResponse,
    refusals: { 400: errorBody, 404: errorBody },
  });

/** The delete of a node: `{ message, id }`, 404 for an unknown id or id 0, the repository's refusal as its 400. */
const removeNode = <const P extends `/${string}`, const T extends readonly string[]>(
  path: P,
  summary: string,
  tags: T,
) =>
  endpoint({
    method: 'DELETE',
    path,
    access: admin,
    summary,
    tags,
    params: contentIdParams,
    response: deletedResponse,
    refusals: { 400: errorBody, 404: errorBody },
  });

export const categoryCalls = {
  tree: endpoint({
    method: 'GET',
    path: `${C}/getcategoriestreeview`,
    access: 'user',
    summary: 'The category tree named in a language, with the version a reorganisation posts back',
    tags: categoryTags,
    query: treeLanguageQuery,
    response: categoryTreeResponse,
  }),
  /**
   * The post editor's tree: the specification names it under /api/inpost (part 2 §7 "Posts"); the web reads it
   * under /api/incategory. One handler and rule for both.
   */
  postTree: postTree(`${C}/gettree/:id`, categoryTags),
  postTreeOfPosts: postTree('/api/inpost/gettree/:id', ['posts']),
  category: endpoint({
    method: 'GET',
    path: `${C}/getcategory`,
    access: admin,
    summary: 'A category with all its languages',
    tags: categoryTags,
    query: contentIdQuery,
    response: categoryDetail,
    refusals: { 404: errorBody },
  }),
  newCategory: endpoint({
    method: 'GET',
    path: `${C}/getnewcategory`,
    access: admin,
    summary: 'An unsaved category (id 0) with one empty language, Spanish unless asked',
    tags: categoryTags,
    query: newCategoryQuery,
    response: categoryDetail,
  }),
  put: endpoint({
    ...putNode(
      `${C}/putcategory/:id`,
      'Creates (id 0 or "new", last under parent_id) or updates a category: icon and names per language',
      putCategoryBody,
      categoryTags,
    ),
    refusals: { 400: errorBody, 404: errorBody, 409: errorBody },
  }),
  remove: removeNode(
    `${C}/deletecategory/:id`,
    'Deletes a category that has no children and no posts (the web confirms first)',
    categoryTags,
  ),
  organize: endpoint({
    method: 'POST',
    path: `${C}/organizecategories/`,
    access: admin,
    summary:
      'Saves the tree reorganised by drag and drop, posted whole: the same nodes, no loop, read at the current version (else WARN_SaveERR with the reason)',
    tags: categoryTags,
    body: organizeBody,
    response: organizedResponse,
    refusals: { 400: errorBody, 409: errorBody },
  }),
};

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
