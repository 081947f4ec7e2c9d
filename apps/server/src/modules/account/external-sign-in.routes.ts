import {
  externalLinkInfo,
  externalLinkQuery,
  externalProvider,
  obtainLocalAccessTokenQuery,
  registerExternalRequest,
} from '@portal/contract/access';
import { tokenResponse } from '@portal/contract/account';
import { errorBody, tokenError } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../lib/request-context.ts';
import { notFound } from '../../plugins/errors.ts';
import { TokenError } from './account.service.ts';
import type { ExternalSignInService } from './external-sign-in.service.ts';

const tag = ['account'];
/** A refused sign-in answers like /token; a request the input checks refuse answers like every other call. */
const refusal = z.union([tokenError, errorBody]);

/**
 * External sign-in (decision 0036; spec part 1 §2 and §7: ObtainLocalAccessToken, registerexternal). With no provider
 * configured only `external/provider` answers (enabled false); the others are 404.
 */
export const externalSignInRoutes: FastifyPluginAsyncZod<{
  service: ExternalSignInService | null;
  perMinute: number;
}> = async (app, { service, perMinute }) => {
  const limit = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const on = () => {
    if (!service) throw notFound();
    return service;
  };
  // Token errors answer like /token: { error, error_description } with the message key.
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof TokenError) return error.send(reply);
    throw error;
  });

  app.get('/api/account/external/provider', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary: 'Whether external sign-in is on, and the name of its provider for the button',
      response: { 200: externalProvider },
    },
    handler: async () => ({ enabled: service !== null, name: service?.name ?? '' }),
  });

  app.get('/api/account/external/start', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: 'Starts a sign-in at the provider: a redirect to its authorization page (code flow, PKCE, state, nonce)',
      response: { 302: z.null(), 404: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      const service = on();
      try {
        return reply.redirect((await service.start(app.publicBaseUrl(request))).href, 302);
      } catch (error) {
        // The provider cannot be reached (or its metadata is wrong): the person is told on the login page.
        request.log.error({ err: error }, 'external sign-in: the provider could not be reached');
        return reply.redirect('/login?external=failed', 302);
      }
    },
  });

  app.get('/api/account/external/callback', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary:
        "The provider's answer: checked, then a redirect to /external/signin or /external/link with a one-time ticket, or to /login?external=<reason>",
      // What the provider sends back (OAuth 2 / OpenID Connect); the whole URL is checked by openid-client.
      querystring: z.looseObject({
        code: z.string().optional(),
        state: z.string().optional(),
        iss: z.string().optional(),
        error: z.string().optional(),
        error_description: z.string().optional(),
      }),
      response: { 302: z.null(), 404: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      const current = new URL(request.url, app.publicBaseUrl(request));
      const landing = await on().callback(current);
      return reply.redirect(landing.to, 302);
    },
  });

  app.get('/api/account/ObtainLocalAccessToken', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: "The portal's own tokens for the one-time sign-in ticket of a linked external identity",
      querystring: obtainLocalAccessTokenQuery,
      response: { 200: tokenResponse, 400: refusal, 404: errorBody, 429: errorBody },
    },
    handler: (request) => on().obtainLocalAccessToken(request.query.externalAccessToken, requestContext(request)),
  });

  app.get('/api/account/external/link', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: 'Who the provider says the person of a link ticket is (404 when the ticket is used or expired)',
      querystring: externalLinkQuery,
      response: { 200: externalLinkInfo, 400: errorBody, 404: errorBody, 429: errorBody },
    },
    handler: async (request) => {
      const info = await on().linkInfo(request.query.ticket);
      if (!info) throw notFound();
      return info;
    },
  });

  app.post('/api/account/registerexternal', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary:
        'Links the external identity of a link ticket to the portal account whose user name and password are given, then signs in',
      body: registerExternalRequest,
      response: { 200: tokenResponse, 400: refusal, 404: errorBody, 429: refusal },
    },
    handler: (request) => on().registerExternal(request.body, requestContext(request)),
  });
};
