/**
 * The calls of categories (decision 0037), each declared once (issue 24; decision 0062), over the schemas of
 * content-tree.ts (the tree rules categories and menus share). Signed-in users read the tree; admins edit it.
 */
import { z } from 'zod';
import { RANK } from './constants.ts';
import {
  categoryDetail,
  categoryTreeResponse,
  contentIdQuery,
  newCategoryQuery,
  organizeBody,
  organizedResponse,
  postCategoryTreeResponse,
  putCategoryBody,
  putNode,
  removeNode,
  treeLanguageQuery,
} from './content-tree.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

const admin = { rank: RANK.admin } as const;
const C = '/api/incategory';
const categoryTags = ['categories'] as const;

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
