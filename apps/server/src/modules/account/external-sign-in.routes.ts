import {
  EXTERNAL_LINK_TICKET_MINUTES,
  EXTERNAL_OTHER_BROWSER,
  EXTERNAL_REQUEST_MINUTES,
} from '@portal/contract/account';
import { accountCalls as c } from '@portal/contract/account-calls';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../lib/cookies.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { requestContext } from '../../lib/request-context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { TokenError } from './account.service.ts';
import { type ExternalSignInService, TicketRefused } from './external-sign-in.service.ts';

/**
 * The cookie that ties a sign-in to the browser that started it (decision 0056): a random value (the database keeps
 * only its SHA-256), HttpOnly, SameSite=Lax (the provider sends the browser back with a top-level GET), Secure when
 * the portal is served over https, and sent only to the calls that read it: the callback and the link page's call
 * under external/, and the two calls the spec names under /api/account (one cookie per path, the same value).
 */
export const BROWSER_COOKIE = 'portal_external';
const BROWSER_COOKIE_PATHS = ['/api/account/external', c.registerExternal.path, c.obtainLocalAccessToken.path];
/** As long as a request waits for the provider and its link ticket then lives. */
const BROWSER_COOKIE_SECONDS = (EXTERNAL_REQUEST_MINUTES + EXTERNAL_LINK_TICKET_MINUTES) * 60;

/**
 * External sign-in (decision 0036; spec part 1 §2 and §7: ObtainLocalAccessToken, registerexternal). With no provider
 * configured only `external/provider` answers (enabled false); the others are 404. The calls are declared in the
 * contract (`accountCalls`; issue 24).
 */
export const externalSignInRoutes: FastifyPluginAsync<{
  service: ExternalSignInService | null;
  perMinute: number;
}> = async (app, { service, perMinute }) => {
  const limit = { config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } } };
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

  endpointRoute(app, c.externalProvider, async () => ({ enabled: service !== null, name: service?.name ?? '' }));

  endpointRoute(
    app,
    c.externalStart,
    async (request, reply) => {
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
    limit,
  );

  endpointRoute(
    app,
    c.externalCallback,
    async (request, reply) => {
      const current = new URL(request.url, app.publicBaseUrl(request));
      const landing = await on().callback(current, browserOf(request));
      if (landing.spent) browserCookie(request, reply, null);
      return reply.redirect(landing.to, 302);
    },
    limit,
  );

  endpointRoute(
    app,
    c.obtainLocalAccessToken,
    async (request, reply) => {
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
    limit,
  );

  endpointRoute(
    app,
    c.externalLink,
    async (request) => {
      const service = on();
      try {
        return await service.linkInfo(request.query.ticket, browserOf(request));
      } catch (error) {
        if (!(error instanceof TicketRefused)) throw error;
        throw error.reason === 'expired' ? notFound() : new AppError(403, EXTERNAL_OTHER_BROWSER);
      }
    },
    limit,
  );

  endpointRoute(
    app,
    c.registerExternal,
    async (request, reply) => {
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
    limit,
  );
};
