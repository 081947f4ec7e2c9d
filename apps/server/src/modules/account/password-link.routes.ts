import {
  checkPasswordLinkRequest,
  forgotPasswordRequest,
  passwordLinkInfo,
  setPasswordRequest,
} from '@portal/contract/access';
import { okMessage } from '@portal/contract/account';
import { errorBody } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queuedLinks } from '../../db/password-links.ts';
import type { PasswordLinkService } from './password-link.service.ts';

const tag = ['account'];

/** Forgot password and the set-password page of one-time links (decision 0034). */
export const passwordLinkRoutes: FastifyPluginAsyncZod<{ service: PasswordLinkService; perMinute: number }> = async (
  app,
  { service, perMinute },
) => {
  const limit = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.post('/api/account/forgotpassword', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: 'E-mail a one-time link to set a new password; the same answer whether the name exists or not',
      body: forgotPasswordRequest,
      response: { 200: okMessage, 400: errorBody, 429: errorBody },
    },
    handler: async (request) => {
      const { userName } = request.body;
      const baseUrl = app.publicBaseUrl(request);
      // Answered first: the same answer in the same time whether the name is a user's or not (decision 0052).
      request.afterResponse(async () => {
        await service.requestReset(userName, baseUrl);
        await app.mailOutbox.drain();
      });
      return { message: 'WARN_ForgotPasswordSent' };
    },
  });

  app.post('/api/account/checkpasswordlink', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: 'Is a password link still good (not used, not expired), and for which user',
      body: checkPasswordLinkRequest,
      response: { 200: passwordLinkInfo, 400: errorBody, 429: errorBody },
    },
    handler: (request) => service.check(request.body.token),
  });

  app.post('/api/account/setpassword', {
    config: { auth: 'anonymous', ...limit },
    schema: {
      tags: tag,
      summary: 'Set the password with a one-time link; ends every session of the user',
      body: setPasswordRequest,
      response: { 200: okMessage.extend({ userName: z.string() }), 400: errorBody, 429: errorBody },
    },
    handler: async (request) => {
      const userName = await service.setPassword(request.body.token, request.body.password);
      // Answered once this instance has heard of it: the user's old access tokens already fail here.
      await app.principalChanges.settled();
      return { message: 'WARN_PasswordSetOk', userName };
    },
  });
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
