import { ACTING_MAX_MINUTES, isActingStaff, mayAct, mayActAs } from '@portal/contract/account';
import { actingCalls } from '@portal/contract/account-calls';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { decodedPath, rulePath } from '../../lib/request-path.ts';
import { callerOf, type Principal } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { sessionRefusal } from '../../plugins/principal.ts';
import { actingRepository } from './acting.repository.ts';
import { newFamilyId, randomToken, sha256, type TokenSigner } from './token.service.ts';

/**
 * Acting as a customer (decision 0035): a staff member opens the portal as a user of a client. The session is a
 * refresh-token family of the user marked with the actor and an end at most ACTING_MAX_MINUTES away; its access
 * token carries the actor (`act`) and expires at that end; it cannot be renewed. Every request of it is logged
 * with both identities (acting_logs); password, profile and user changes are refused while acting; returning
 * revokes the family.
 */

/** While acting, these calls are refused (the user's password, profile and the users of the client). */
const REFUSED_WHILE_ACTING = [/^\/api\/inuser\//i, /^\/api\/account\/(?!logout|acting|stopacting)/i];

type Deps = { db: Db; signer: TokenSigner; clock: () => Date };

export function actingService({ db, signer, clock }: Deps) {
  const rows = actingRepository(db);

  return {
    /**
     * Starts acting as `username`: admins and comerciales as any user of a client who is not staff, a client
     * admin as an ordinary user of their own client. Anybody else, or a user they may not act as, hears 404.
     */
    async start(caller: Principal, username: string) {
      if (caller.actorId) throw badRequest('WARN_ActingAlready');
      const target = await rows.target(username);
      const allowed =
        target &&
        mayActAs(
          { id: caller.id, roles: caller.roles, clientId: caller.clientId },
          { id: target.id, roles: target.roles, clientId: target.client_id },
        );
      if (!allowed) throw notFound();
      const refusal = sessionRefusal({
        banned: target.banned,
        clientId: target.client_exists ? target.client_id : null,
        clientBlocked: target.client_blocked,
        emailConfirmed: target.email_confirmed,
      });
      if (refusal) throw new AppError(400, 'WARN_ActingRefused', refusal.text);
      const now = clock();
      const until = new Date(now.getTime() + ACTING_MAX_MINUTES * 60_000);
      const familyId = newFamilyId();
      const refresh = randomToken();
      await rows.startSession({
        tokenHash: sha256(refresh),
        familyId,
        actor: caller,
        target,
        now,
        until,
      });
      const access = await signer.sign(target.id, target.token_version, familyId, undefined, {
        actorId: caller.id,
        until,
      });
      return {
        access_token: access,
        token_type: 'bearer' as const,
        expires_in: Math.round((until.getTime() - now.getTime()) / 1000),
        refresh_token: refresh,
        userName: target.username,
      };
    },

    /**
     * The users the caller may act as (the rule of `mayActAs`, in SQL; a banned one never) whose user name, e-mail, client account or
     * client name holds `q`: an exact user name first, then names that start with it, then the rest by name.
     * Somebody who may act as nobody hears 403.
     */
    async candidates(caller: Principal, q: string) {
      if (caller.actorId) throw badRequest('WARN_ActingAlready');
      if (!mayAct(caller.roles)) throw forbidden();
      const staff = isActingStaff(caller.roles);
      const users = await rows.candidates({ callerId: caller.id, staff, clientId: caller.clientId, q });
      return { users };
    },

    /** Who acts, until when (null when the caller is not acting). */
    async info(caller: Principal) {
      if (!caller.actorId) return null;
      const row = await rows.session(caller.id, caller.actorId);
      return row ? { actorUserName: row.actor, until: new Date(row.until).toISOString() } : null;
    },

    /** Ends the acting session of the caller's token (the family of its access token). */
    async stop(request: FastifyRequest) {
      const caller = callerOf(request);
      if (!caller.actorId) throw badRequest('WARN_ActingNot');
      const now = clock();
      await rows.revoke(caller.id, caller.actorId, now);
    },

    /** Refuses a request of an acting session whose actor is no longer staff or allowed, or a refused call. */
    async check(request: FastifyRequest) {
      const caller = request.principal;
      if (!caller?.actorId) return;
      const actor = await rows.actor(caller.actorId);
      const stillAllowed = actor && !actor.banned && mayAct(actor.roles);
      if (!stillAllowed) throw new AppError(401, 'WARN_ActingEnded');
      const path = rulePath(request);
      if (request.method !== 'GET' && REFUSED_WHILE_ACTING.some((re) => re.test(path))) {
        throw new AppError(403, 'WARN_NotWhileActing');
      }
    },

    /** Logs a request of an acting session with both identities. */
    async log(request: FastifyRequest, status: number) {
      const caller = request.principal ?? request.actingCaller;
      if (!caller?.actorId) return;
      await rows.log({
        actorId: caller.actorId,
        userId: caller.id,
        username: caller.username,
        clientId: caller.clientId,
        method: request.method,
        path: decodedPath(request.url).slice(0, 500),
        status,
        at: clock(),
      });
    },
  };
}
export type ActingService = ReturnType<typeof actingService>;

/** Every request of an acting session is checked (still allowed, not a refused call) and logged. */
export const actingHooks = fp(
  async (app: FastifyInstance, { service }: { service: ActingService }) => {
    // Before the body is validated: a refused call is refused whatever it carries.
    app.addHook('preValidation', async (request) => service.check(request));
    // Written before the answer leaves (refusals included): once the caller has the answer, the log has it.
    app.addHook('onSend', async (request, reply, payload) => {
      await service.log(request, reply.statusCode).catch((err) => request.log.error({ err }, 'acting log failed'));
      return payload;
    });
  },
  { name: 'acting-hooks', dependencies: ['auth'] },
);

/** Acting as a user: the calls are declared in the contract (`actingCalls`; issue 24) and registered from them. */
export const actingRoutes: FastifyPluginAsync<{ service: ActingService }> = async (app, { service }) => {
  endpointRoute(app, actingCalls.actAs, (request) => service.start(callerOf(request), request.body.username));

  endpointRoute(app, actingCalls.actAsCandidates, (request) => service.candidates(callerOf(request), request.query.q));

  endpointRoute(app, actingCalls.acting, async (request) => ({ acting: await service.info(callerOf(request)) }));

  endpointRoute(app, actingCalls.stopActing, async (request) => {
    await service.stop(request);
    await app.principalChanges.settled();
    return { message: 'WARN_ActingStopped' };
  });
};
