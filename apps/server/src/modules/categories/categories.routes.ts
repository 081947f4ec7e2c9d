import { RANK } from '@portal/contract/constants';
import {
  categoryDetail,
  categoryTreeResponse,
  contentIdQuery,
  newCategoryQuery,
  organizeBody,
  organizedResponse,
  putCategoryBody,
  TREE_MESSAGES,
  treeLanguageQuery,
} from '@portal/contract/content-tree';
import { categoryCalls } from '@portal/contract/content-tree-calls';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nodeSaveAndDeleteRoutes } from '../../lib/content-tree-routes.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CategoriesRepository } from './categories.repository.ts';

const tag = ['categories'];
const P = '/api/incategory';
const admin = { rank: RANK.admin } as const;

/** Categories (spec part 2 §7 "Categories"; decision 0037): signed-in users read the tree, admins edit it. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ repo: CategoriesRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  app.get(`${P}/getcategoriestreeview`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'The category tree named in a language, with the version a reorganisation posts back',
      querystring: treeLanguageQuery,
      response: { 200: categoryTreeResponse },
    },
    handler: (request) => repo.tree(request.query.cod_idioma),
  });

  // The post editor's tree, under both prefixes (content-tree-calls.ts): one handler and rule for both.
  for (const call of [categoryCalls.postTree, categoryCalls.postTreeOfPosts])
    endpointRoute(app, call, async (request) => {
      const { tree } = await repo.tree(request.query.cod_idioma);
      const id = request.params.id;
      return { selected: id > 0 && (await repo.exists(id)) ? id : null, tree };
    });

  app.get(`${P}/getcategory`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'A category with all its languages',
      querystring: contentIdQuery,
      response: { 200: categoryDetail, 404: errorBody },
    },
    handler: async (request) => {
      const category = await repo.detail(request.query.id);
      if (!category) throw notFound();
      return category;
    },
  });

  app.get(`${P}/getnewcategory`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'An unsaved category (id 0) with one empty language, Spanish unless asked',
      querystring: newCategoryQuery,
      response: { 200: categoryDetail },
    },
    handler: async (request) => ({
      id_categoria: 0,
      icon: null,
      parent_id: null,
      categoriaposted: [{ idioma_cod: request.query.cod_idioma, nombre: '' }],
    }),
  });

  nodeSaveAndDeleteRoutes(app, {
    tags: tag,
    put: {
      url: `${P}/putcategory`,
      summary: 'Creates (id 0 or "new", last under parent_id) or updates a category: icon and names per language',
      body: putCategoryBody,
      conflict: true,
    },
    remove: {
      url: `${P}/deletecategory`,
      summary: 'Deletes a category that has no children and no posts (the web confirms first)',
    },
    save: (id, body) => repo.save(id, body, clock()),
    delete: (id) => repo.remove(id),
  });

  app.post(`${P}/organizecategories/`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary:
        'Saves the tree reorganised by drag and drop, posted whole: the same nodes, no loop, read at the current version (else WARN_SaveERR with the reason)',
      body: organizeBody,
      response: { 200: organizedResponse, 400: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      message: TREE_MESSAGES.saved,
      version: await repo.organize(request.body.tree, request.body.version),
    }),
  });
};
