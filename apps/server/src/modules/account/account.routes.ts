import {
  loggedUser,
  logoutRequest,
  type MachineTokenResponse,
  machineTokenResponse,
  okMessage,
  registerConfirmRequest,
  registerRequest,
  tokenRequest,
  tokenResponse,
} from '@portal/contract/account';
import { ROLES } from '@portal/contract/constants';
import { errorBody, tokenError } from '@portal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieValue } from '../../lib/cookies.ts';
import { requestContext } from '../../lib/request-context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type AccountService, TokenError } from './account.service.ts';
import { DEVICE_COOKIE, DEVICE_MARK_MAX_AGE_SECONDS } from './login-throttle.ts';

const tag = ['account'];

/** The client-credentials grant of machine clients (modules/integration, decision 0057), handed in by app.ts. */
export type MachineGrant = (
  body: { client_id?: string; client_secret?: string; scope?: string },
  authorization: string | undefined,
) => Promise<{ token: MachineTokenResponse } | { refused: { error: string; description: string }; basic: boolean }>;

export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  registerPerMinute: number;
  machineGrant: MachineGrant;
}> = async (app, { service, registerPerMinute, machineGrant }) => {
  app.post('/token', {
    config: { auth: 'anonymous' },
    schema: {
      tags: tag,
      summary:
        'Sign in (password grant), renew a session (refresh_token grant), or a machine client’s token (client_credentials grant); form encoded',
      consumes: ['application/x-www-form-urlencoded'],
      body: tokenRequest,
      response: {
        200: z.union([tokenResponse, machineTokenResponse]),
        400: tokenError,
        401: tokenError,
        429: tokenError,
      },
    },
    async errorHandler(error, _request, reply) {
      if (error instanceof TokenError) {
        // Answered once this instance has heard of the revoked family: its access tokens already fail here.
        if (error.endedSession) await app.principalChanges.settled();
        return error.send(reply);
      }
      if ((error as { validation?: unknown }).validation) {
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: 'Faltan datos: indique el usuario y la contraseña.',
        });
      }
      throw error;
    },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.grant_type === 'client_credentials') {
        const granted = await machineGrant(body, request.headers.authorization);
        if ('token' in granted) return granted.token;
        // RFC 6749 §5.2: a client that tried the Basic header hears 401 with the scheme to use.
        const status = granted.refused.error === 'invalid_client' ? 401 : 400;
        if (status === 401 && granted.basic) reply.header('WWW-Authenticate', 'Basic realm="portal"');
        return reply
          .status(status)
          .send({ error: granted.refused.error, error_description: granted.refused.description });
      }
      if (body.grant_type === 'refresh_token') return service.refreshGrant(body, requestContext(request));
      const { tokens, deviceMark } = await service.passwordGrant(
        body,
        requestContext(request),
        cookieValue(request.headers.cookie, DEVICE_COOKIE),
      );
      // The device mark (0003): sent back to /token only, never readable by scripts.
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'Set-Cookie',
        `${DEVICE_COOKIE}=${deviceMark}; Path=/token; Max-Age=${DEVICE_MARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
      return tokens;
    },
  });

  app.post('/api/account/logout', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Revoke the caller’s refresh token (and its chain)',
      body: logoutRequest,
      response: { 200: okMessage, 400: errorBody },
    },
    handler: async (request) => {
      // Answered once this instance has heard of it: the session's access tokens already fail here.
      if (await service.logout(callerOf(request).id, request.body.refresh_token)) await app.principalChanges.settled();
      return { message: 'WARN_LogoutOk' };
    },
  });

  const registerLimit = { rateLimit: { max: registerPerMinute, timeWindow: '1 minute' } };

  app.post('/api/account/register', {
    config: { auth: 'anonymous', ...registerLimit },
    schema: {
      tags: tag,
      summary: 'Register a user in a work zone; the account stays unconfirmed until the e-mailed link is opened',
      body: registerRequest,
      response: { 200: okMessage, 400: errorBody },
    },
    handler: async (request) => {
      await service.register(request.body, requestContext(request));
      return { message: 'WARN_RegisterPendingConfirmation' };
    },
  });

  app.post('/api/account/registerconfirm', {
    config: { auth: 'anonymous', ...registerLimit },
    schema: {
      tags: tag,
      summary: 'Confirm a registration, once',
      body: registerConfirmRequest,
      response: { 200: okMessage, 400: errorBody },
    },
    handler: async (request) => {
      await service.confirmRegistration(request.body.t, request.body.u);
      return { message: 'WARN_RegisterConfirmOk' };
    },
  });

  app.get('/api/account/getUser', {
    config: { auth: 'user' },
    schema: { tags: tag, summary: 'The signed-in user, rank and permissions', response: { 200: loggedUser } },
    handler: async (request) => {
      const me = callerOf(request);
      const buy = me.roles.includes(ROLES.buy);
      return {
        username: me.username,
        image_id: me.imageId,
        rank: buy ? `${me.rank},${ROLES.buy}` : String(me.rank),
        rankNumber: me.rank,
        ubication: me.clientStore ? 1 : 0,
        roles: me.roles,
        permitirCompras: buy,
        cliente_id: me.clientId,
        clientName: me.clientName,
      };
    },
  });
};
