import {
  EXTERNAL_LINK_TICKET_MINUTES,
  EXTERNAL_OTHER_BROWSER,
  EXTERNAL_REQUEST_MINUTES,
  externalLinkInfo,
  externalLinkQuery,
  externalProvider,
  obtainLocalAccessTokenQuery,
  registerExternalRequest,
} from '@portal/contract/access';
import { tokenResponse } from '@portal/contract/account';
import { errorBody, tokenError } from '@portal/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieValue } from '../../lib/cookies.ts';
import { requestContext } from '../../lib/request-context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { TokenError } from './account.service.ts';
import { type ExternalSignInService, TicketRefused } from './external-sign-in.service.ts';

const tag = ['account'];
/** A refused sign-in answers like /token; a request the input checks refuse answers like every other call. */
const refusal = z.union([tokenError, errorBody]);

/**
 * The cookie that ties a sign-in to the browser that started it (decision 0056): a random value (the database keeps
 * only its SHA-256), HttpOnly, SameSite=Lax (the provider sends the browser back with a top-level GET), Secure when
 * the portal is served over https, and sent only to the calls that read it: the callback and the link page's call
 * under external/, and the two calls the spec names under /api/account (one cookie per path, the same value).
 */
export const BROWSER_COOKIE = 'portal_external';
const BROWSER_COOKIE_PATHS = [
  '/api/account/external',
  '/api/account/registerexternal',
  '/api/account/ObtainLocalAccessToken',
];
/** As long as a request waits for the provider and its link ticket then lives. */
const BROWSER_COOKIE_SECONDS = (EXTERNAL_REQUEST_MINUTES + EXTERNAL_LINK_TICKET_MINUTES) * 60;

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
  const browserOf = (request: FastifyRequest) => cookieValue(request.headers.cookie, BROWSER_COOKIE);
  /** Sets the browser cookie (`value`), or clears it (null). */
  const browserCookie = (request: FastifyRequest, reply: FastifyReply, value: string | null) => {
    const secure = app.publicBaseUrl(request).startsWith('https:') ? '; Secure' : '';
    const life = value === null ? 'Max-Age=0' : `Max-Age=${BROWSER_COOKIE_SECONDS}`;
    reply.header(
      'Set-Cookie',
      BROWSER_COOKIE_PATHS.map(
        (path) => `${BROWSER_COOKIE}=${value ?? ''}; Path=${path}; ${life}; HttpOnly; SameSite=Lax${secure}`,
      ),
    );
  };
  // Token errors answer like /token: { error, error_description } with the message key; so does a ticket refused.
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof TokenError) return error.send(reply);
    if (error instanceof TicketRefused) return new TokenError('invalid_grant', error.message).send(reply);
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
        const { url, browser } = await service.start(app.publicBaseUrl(request), browserOf(request));
        browserCookie(request, reply, browser);
        return reply.redirect(url.href, 302);
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
      const landing = await on().callback(current, browserOf(request));
      if (landing.spent) browserCookie(request, reply, null);
      return reply.redirect(landing.to, 302);
    },
  });

  app.get('/api/account/ObtainLocalAccessToken', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary:
        "The portal's own tokens for the one-time sign-in ticket of a linked external identity, in the browser that started the sign-in",
      querystring: obtainLocalAccessTokenQuery,
      response: { 200: tokenResponse, 400: refusal, 404: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      const service = on();
      try {
        const tokens = await service.obtainLocalAccessToken(
          request.query.externalAccessToken,
          browserOf(request),
          requestContext(request),
        );
        browserCookie(request, reply, null);
        return tokens;
      } catch (error) {
        // The ticket was spent (the account is refused a session): the cookie is of no more use. A ticket refused
        // here leaves it for the sign-in it belongs to.
        if (!(error instanceof TicketRefused)) browserCookie(request, reply, null);
        throw error;
      }
    },
  });

  app.get('/api/account/external/link', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary:
        'Who the provider says the person of a link ticket is (404 when the ticket is used or expired, 403 in another browser than the one that started the sign-in)',
      querystring: externalLinkQuery,
      response: { 200: externalLinkInfo, 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
    },
    handler: async (request) => {
      const service = on();
      try {
        return await service.linkInfo(request.query.ticket, browserOf(request));
      } catch (error) {
        if (!(error instanceof TicketRefused)) throw error;
        throw error.reason === 'expired' ? notFound() : new AppError(403, EXTERNAL_OTHER_BROWSER);
      }
    },
  });

  app.post('/api/account/registerexternal', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary:
        'Links the external identity of a link ticket to the portal account whose user name and password are given, then signs in; only in the browser that started the sign-in',
      body: registerExternalRequest,
      response: { 200: tokenResponse, 400: refusal, 404: errorBody, 429: refusal },
    },
    handler: async (request, reply) => {
      const service = on();
      try {
        const tokens = await service.registerExternal(request.body, browserOf(request), requestContext(request));
        browserCookie(request, reply, null);
        return tokens;
      } catch (error) {
        // Once the ticket is spent the cookie is of no more use; after a wrong password the person tries again.
        if (error instanceof TokenError && error.description === 'WARN_ExternalAlreadyLinked')
          browserCookie(request, reply, null);
        throw error;
      }
    },
  });
};
