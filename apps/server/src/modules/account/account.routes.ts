import type { MachineTokenResponse } from '@portal/contract/account';
import { accountCalls as c } from '@portal/contract/account-calls';
import type { FastifyPluginAsync } from 'fastify';
import { cookieValue } from '../../lib/cookies.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { requestContext } from '../../lib/request-context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type AccountService, TokenError } from './account.service.ts';
import { loggedUserOf } from './logged-user.ts';
import { DEVICE_COOKIE, DEVICE_MARK_MAX_AGE_SECONDS } from './login-throttle.ts';

/** The client-credentials grant of machine clients (modules/integration, decision 0057), handed in by app.ts. */
export type MachineGrant = (
  body: { client_id?: string; client_secret?: string; scope?: string },
  authorization: string | undefined,
) => Promise<{ token: MachineTokenResponse } | { refused: { error: string; description: string }; basic: boolean }>;

/**
 * The token grants, logout, registration and the signed-in user: the calls declared in the contract (`accountCalls`;
 * issue 24), each registered from its declaration.
 */
export const accountRoutes: FastifyPluginAsync<{
  service: AccountService;
  registerPerMinute: number;
  machineGrant: MachineGrant;
}> = async (app, { service, registerPerMinute, machineGrant }) => {
  endpointRoute(
    app,
    c.token,
    async (request, reply) => {
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
    {
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
    },
  );

  endpointRoute(app, c.logout, async (request) => {
    // Answered once this instance has heard of it: the session's access tokens already fail here.
    if (await service.logout(callerOf(request).id, request.body.refresh_token)) await app.principalChanges.settled();
    return { message: 'WARN_LogoutOk' };
  });

  const registerLimit = { config: { rateLimit: { max: registerPerMinute, timeWindow: '1 minute' } } };

  endpointRoute(
    app,
    c.register,
    async (request) => {
      await service.register(request.body, requestContext(request));
      return { message: 'WARN_RegisterPendingConfirmation' };
    },
    registerLimit,
  );

  endpointRoute(
    app,
    c.registerConfirm,
    async (request) => {
      await service.confirmRegistration(request.body.t, request.body.u);
      return { message: 'WARN_RegisterConfirmOk' };
    },
    registerLimit,
  );

  endpointRoute(app, c.user, async (request) => loggedUserOf(callerOf(request)));
};
