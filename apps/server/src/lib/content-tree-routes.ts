import { RANK } from '@portal/contract/constants';
import { contentIdParams, deletedResponse, savedResponse, TREE_MESSAGES } from '@portal/contract/content-tree';
import { errorBody } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from './app-error.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The save and delete calls every node of the content trees has (categories, menus, zones; decision 0037), for
 * admins: `POST {put}/:id` creates (id 0 or "new") or updates and answers `{ message: WARN_Saved, id }`, 404 for an
 * unknown id; `DELETE {remove}/:id` answers `{ message, id }`, 404 for an unknown id or id 0, and the repository's own
 * refusal (a node with children, posts or menus) as its 400.
 */
export function nodeSaveAndDeleteRoutes<Body extends z.ZodType>(
  app: App,
  node: {
    tags: string[];
    put: { url: string; summary: string; body: Body; conflict?: boolean };
    remove: { url: string; summary: string };
    save: (id: number, body: z.infer<Body>) => Promise<number | null>;
    delete: (id: number) => Promise<boolean>;
  },
) {
  const admin = { rank: RANK.admin } as const;
  app.post(`${node.put.url}/:id`, {
    config: { auth: admin },
    schema: {
      tags: node.tags,
      summary: node.put.summary,
      params: contentIdParams,
      body: node.put.body,
      response: {
        200: savedResponse,
        400: errorBody,
        404: errorBody,
        ...(node.put.conflict ? { 409: errorBody } : {}),
      },
    },
    handler: async (request) => {
      const id = await node.save(request.params.id, request.body as z.infer<Body>);
      if (id === null) throw notFound();
      return { message: TREE_MESSAGES.saved, id };
    },
  });
  app.delete(`${node.remove.url}/:id`, {
    config: { auth: admin },
    schema: {
      tags: node.tags,
      summary: node.remove.summary,
      params: contentIdParams,
      response: { 200: deletedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await node.delete(id))) throw notFound();
      return { message: TREE_MESSAGES.deleted, id };
    },
  });
}
