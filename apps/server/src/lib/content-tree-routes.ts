import { TREE_MESSAGES } from '@portal/contract/content-tree';
import type { BodyOf, EndpointDef, ResponseOf } from '@portal/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error.ts';
import { endpointRoute } from './endpoint-route.ts';

/** What a node's save and delete are called with: its id in the path (0 or "new": a new node), and the save's body. */
type NodeRequest<Body> = { params: { id: number }; body: Body };

/**
 * The save and delete calls every node of the content trees has (categories, menus, zones; decision 0037), declared
 * with content-tree.ts's putNode and removeNode: the save creates (id 0 or "new") or updates and answers
 * `{ message: WARN_Saved, id }`, 404 for an unknown id; the delete answers `{ message, id }`, 404 for an unknown id
 * or id 0, and the repository's own refusal (a node with children, posts or menus) as its 400.
 */
export function nodeSaveAndDeleteRoutes<Put extends EndpointDef, Remove extends EndpointDef>(
  app: FastifyInstance,
  node: {
    put: Put;
    remove: Remove;
    save: (id: number, body: BodyOf<Put>) => Promise<number | null>;
    delete: (id: number) => Promise<boolean>;
  },
) {
  // Both declarations take contentIdParams and answer savedResponse / deletedResponse (content-tree.ts).
  endpointRoute(app, node.put, async (request) => {
    const { params, body } = request as unknown as NodeRequest<BodyOf<Put>>;
    const id = await node.save(params.id, body);
    if (id === null) throw notFound();
    return { message: TREE_MESSAGES.saved, id } as ResponseOf<Put>;
  });
  endpointRoute(app, node.remove, async (request) => {
    const id = (request as unknown as NodeRequest<undefined>).params.id;
    if (id === 0 || !(await node.delete(id))) throw notFound();
    return { message: TREE_MESSAGES.deleted, id } as ResponseOf<Remove>;
  });
}
