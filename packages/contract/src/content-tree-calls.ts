/**
 * The calls of the content tree (categories, zones, menus of the back office), each declared once (issue 24;
 * decision 0062), over the schemas of content-tree.ts. Signed-in users read the trees; admins edit them.
 */
import { z } from 'zod';
import { postCategoryTreeResponse, treeLanguageQuery } from './content-tree.ts';
import { endpoint } from './endpoint.ts';

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
  /**
   * The post editor's tree: the specification names it under /api/inpost (part 2 §7 "Posts"); the web reads it
   * under /api/incategory. One handler and rule for both.
   */
  postTree: postTree('/api/incategory/gettree/:id', ['categories']),
  postTreeOfPosts: postTree('/api/inpost/gettree/:id', ['posts']),
};
