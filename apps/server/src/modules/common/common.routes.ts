import { commonCalls } from '@portal/contract/common';
import type { ResponseOf } from '@portal/contract/endpoint';
import { menuCalls } from '@portal/contract/menus-calls';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { CommonRepository } from './common.repository.ts';
import { visibleMenu } from './nav-menu.ts';

/** The site's anonymous calls and the side menu: declared in the contract (`commonCalls`, `menuCalls`; issue 24). */
export const commonRoutes: FastifyPluginAsync<{
  repo: CommonRepository;
  webContextOf: WebContextResolver;
  demo: boolean;
}> = async (app, { repo, webContextOf, demo }) => {
  endpointRoute(app, commonCalls.webContext, async (request) => ({ webcontext: webContextOf(request), demo }));

  endpointRoute(app, commonCalls.languages, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return (await repo.languages()) as ResponseOf<typeof commonCalls.languages>;
  });

  endpointRoute(app, commonCalls.dictionary, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { key: request.params.lang, words: await repo.dictionary(request.params.lang) };
  });

  endpointRoute(app, menuCalls.nav, async (request) => visibleMenu(await repo.navMenu(), callerOf(request)));
};
