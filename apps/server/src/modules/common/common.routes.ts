import { dictionaryResponse, langParam, languagesResponse, webContextResponse } from '@portal/contract/common';
import { menuCalls } from '@portal/contract/menus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { CommonRepository } from './common.repository.ts';
import { visibleMenu } from './nav-menu.ts';

const tag = ['common'];

export const commonRoutes: FastifyPluginAsyncZod<{
  repo: CommonRepository;
  webContextOf: WebContextResolver;
  demo: boolean;
}> = async (app, { repo, webContextOf, demo }) => {
  app.get('/api/common/webcontext', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'The site variant (0, 1, 2) of the host the request came to',
      response: { 200: webContextResponse },
    },
    handler: async (request) => ({ webcontext: webContextOf(request), demo }),
  });

  app.get('/api/common/languages', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'The languages of the interface, in display order',
      response: { 200: languagesResponse },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return (await repo.languages()) as z.infer<typeof languagesResponse>;
    },
  });

  app.get('/api/common/langs/:lang', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'The whole dictionary of a language',
      params: z.object({ lang: langParam }),
      response: { 200: dictionaryResponse },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { key: request.params.lang, words: await repo.dictionary(request.params.lang) };
    },
  });

  // Declared in the contract (`menuCalls`; issue 24).
  endpointRoute(app, menuCalls.nav, async (request) => visibleMenu(await repo.navMenu(), callerOf(request)));
};
