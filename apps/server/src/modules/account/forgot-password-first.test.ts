import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import afterResponse from '../../plugins/after-response.ts';
import errors from '../../plugins/errors.ts';
import { passwordLinkRoutes } from './password-link.routes.ts';
import type { PasswordLinkService } from './password-link.service.ts';

/**
 * Forgot password answers before it looks the name up (decision 0052): its answer is the same whether the name is a
 * user's or not, so its time must not tell either. Here the lookup never ends, and the answer still comes.
 */
describe('POST /api/account/forgotpassword', () => {
  it('answers before the link is looked up and queued, then does that work', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('publicBaseUrl', () => 'https://portal.example');
    let drained = 0;
    app.decorate('mailOutbox', { drain: async () => drained++ } as never);
    await app.register(errors);
    await app.register(afterResponse);
    const started: string[] = [];
    let called = () => {};
    const lookupStarted = new Promise<void>((resolve) => {
      called = resolve;
    });
    let finish = () => {};
    const lookup = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const service = {
      requestReset: async (userName: string) => {
        started.push(userName);
        called();
        await lookup;
      },
    } as unknown as PasswordLinkService;
    await app.register(passwordLinkRoutes, { service, perMinute: 10 });

    const res = await app.inject({
      method: 'POST',
      url: '/api/account/forgotpassword',
      payload: { userName: 'buyer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WARN_ForgotPasswordSent' });
    // The work starts once the answer has left, and the outbox runs when it is done.
    await lookupStarted;
    expect(started).toEqual(['buyer']);
    expect(drained).toBe(0);
    finish();
    await app.afterResponse.settled();
    expect(drained).toBe(1);
    await app.close();
  });
});
