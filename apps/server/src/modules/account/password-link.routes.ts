import { accountCalls as c } from '@portal/contract/account-calls';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { queuedLinks } from '../../db/password-links.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { PasswordLinkService } from './password-link.service.ts';

/**
 * Forgot password and the set-password page of one-time links (decision 0034): the calls declared in the contract
 * (`accountCalls`; issue 24).
 */
export const passwordLinkRoutes: FastifyPluginAsync<{ service: PasswordLinkService; perMinute: number }> = async (
  app,
  { service, perMinute },
) => {
  const limit = { config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } } };

  endpointRoute(
    app,
    c.forgotPassword,
    async (request) => {
      const { userName } = request.body;
      const baseUrl = app.publicBaseUrl(request);
      // Answered first: the same answer in the same time whether the name is a user's or not (decision 0052).
      request.afterResponse(async () => {
        await service.requestReset(userName, baseUrl);
        await app.mailOutbox.drain();
      });
      return { message: 'WARN_ForgotPasswordSent' };
    },
    limit,
  );

  endpointRoute(app, c.checkPasswordLink, (request) => service.check(request.body.token), limit);

  endpointRoute(
    app,
    c.setPassword,
    async (request) => {
      const userName = await service.setPassword(request.body.token, request.body.password);
      // Answered once this instance has heard of it: the user's old access tokens already fail here.
      await app.principalChanges.settled();
      return { message: 'WARN_PasswordSetOk', userName };
    },
    limit,
  );
};

/**
 * A password link is e-mailed right after the response of the request that queued it (its transaction has
 * committed by then): a new user or a forgotten password does not wait for the outbox's next run.
 */
export const passwordLinkDelivery = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async () => {
      if (queuedLinks.count === 0) return;
      queuedLinks.count = 0;
      app.mailOutbox.kick();
    });
  },
  { name: 'password-link-delivery' },
);
