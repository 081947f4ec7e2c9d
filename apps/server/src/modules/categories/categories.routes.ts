import { categoryCalls as c } from '@portal/contract/categories-calls';
import { TREE_MESSAGES } from '@portal/contract/content-tree';
import type { FastifyPluginAsync } from 'fastify';
import { nodeSaveAndDeleteRoutes } from '../../lib/content-tree-routes.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CategoriesRepository } from './categories.repository.ts';

/**
 * Categories (spec part 2 §7 "Categories"; decision 0037): the calls declared in the contract (`categoryCalls`;
 * issue 24), each registered from its declaration. Signed-in users read the tree, admins edit it.
 */
export const categoriesRoutes: FastifyPluginAsync<{ repo: CategoriesRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  endpointRoute(app, c.tree, (request) => repo.tree(request.query.cod_idioma));

  // The post editor's tree, under both prefixes (categories-calls.ts): one handler and rule for both.
  for (const call of [c.postTree, c.postTreeOfPosts])
    endpointRoute(app, call, async (request) => {
      const { tree } = await repo.tree(request.query.cod_idioma);
      const id = request.params.id;
      return { selected: id > 0 && (await repo.exists(id)) ? id : null, tree };
    });

  endpointRoute(app, c.category, async (request) => {
    const category = await repo.detail(request.query.id);
    if (!category) throw notFound();
    return category;
  });

  endpointRoute(app, c.newCategory, async (request) => ({
    id_categoria: 0,
    icon: null,
    parent_id: null,
    categoriaposted: [{ idioma_cod: request.query.cod_idioma, nombre: '' }],
  }));

  nodeSaveAndDeleteRoutes(app, {
    put: c.put,
    remove: c.remove,
    save: (id, body) => repo.save(id, body, clock()),
    delete: (id) => repo.remove(id),
  });

  endpointRoute(app, c.organize, async (request) => ({
    message: TREE_MESSAGES.saved,
    version: await repo.organize(request.body.tree, request.body.version),
  }));
};
