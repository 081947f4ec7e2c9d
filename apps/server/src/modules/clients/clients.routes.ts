import { accountCalls } from '@portal/contract/account-calls';
import { clientCalls } from '@portal/contract/clients-calls';
import { dashboardCalls } from '@portal/contract/common';
import { DEFAULT_LANGUAGE, RANK } from '@portal/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { WebContextResolver } from '../../plugins/web-context.ts';
import type { ClientsRepository } from './clients.repository.ts';

export const clientsRoutes: FastifyPluginAsyncZod<{
  repo: ClientsRepository;
  webContextOf: WebContextResolver;
}> = async (app, { repo, webContextOf }) => {
  // Declared in the contract (`accountCalls.workZones`; issue 24): registration offers them.
  endpointRoute(app, accountCalls.workZones, () => repo.workZones());

  endpointRoute(app, dashboardCalls.welcome, async (request) => {
    const context = webContextOf(request);
    const html =
      (await repo.welcomeHtml(context, request.query.lang)) ??
      (await repo.welcomeHtml(context, DEFAULT_LANGUAGE)) ??
      '';
    return { html: sanitizeRichText(html) };
  });

  endpointRoute(app, clientCalls.profile, async (request) => {
    const me = callerOf(request);
    const wanted = request.query.cliente_id ?? me.clientId;
    // Only admins choose a client; anybody else asking for another one is told it does not exist.
    if (wanted !== me.clientId && me.rank < RANK.admin) throw notFound();
    const profile = await repo.profile(wanted);
    if (!profile) throw notFound();
    return profile;
  });
};
