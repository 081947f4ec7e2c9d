import { ACTING_MAX_MINUTES, ACTING_SEARCH, isActingStaff, mayAct, mayActAs } from '@portal/contract/account';
import { actingCalls } from '@portal/contract/account-calls';
import { ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pgText } from '../../db/rows.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { escapeLike } from '../../lib/jqgrid.sql.ts';
import { decodedPath, rulePath } from '../../lib/request-path.ts';
import { callerOf, type Principal } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { sessionRefusal } from '../../plugins/principal.ts';
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

const actorRow = z.object({ id: z.string(), username: z.string(), banned: z.boolean(), roles: z.array(z.string()) });

type Deps = { db: Db; signer: TokenSigner; clock: () => Date };

export function actingService({ db, signer, clock }: Deps) {
  const actorOf = async (id: string) =>
    (
      await queryRows(
        db,
        sql`select u.id::text as id, u.username, u.banned,
                   coalesce((select array_agg(r.role_name) from user_roles r where r.user_id = u.id), '{}') as roles
              from users u where u.id = ${id}`,
        actorRow,
      )
    )[0] ?? null;

  return {
    /**
     * Starts acting as `username`: admins and comerciales as any user of a client who is not staff, a client
     * admin as an ordinary user of their own client. Anybody else, or a user they may not act as, hears 404.
     */
    async start(caller: Principal, username: string) {
      if (caller.actorId) throw badRequest('WARN_ActingAlready');
      const [target] = await queryRows(
        db,
        sql`select u.id::text as id, u.username, u.client_accountnum as client_id, c.accountnum is not null as client_exists,
                   coalesce(c.all_blocked, false) as client_blocked, u.banned, u.email_confirmed, u.token_version,
                   coalesce((select array_agg(r.role_name) from user_roles r where r.user_id = u.id), '{}') as roles
              from users u left join clients c on c.accountnum = u.client_accountnum
             where lower(u.username) = lower(${username}) limit 1`,
        z.object({
          id: z.string(),
          username: z.string(),
          client_id: z.string().nullable(),
          client_exists: z.boolean(),
          client_blocked: z.boolean(),
          banned: z.boolean(),
          email_confirmed: z.boolean(),
          token_version: z.number(),
          roles: z.array(z.string()),
        }),
      );
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
      // The session's refresh token is stored as already used by nobody's digest: presenting it ends the session.
      await db.execute(sql`
        insert into refresh_tokens (token_hash, family_id, user_id, client_id, expires_at, used_at, used_by, acting_user_id, acting_until)
        values (${sha256(refresh)}, ${familyId}, ${target.id}, null, ${until}, ${now}, 'acting', ${caller.id}, ${until})`);
      await db.execute(sql`
        insert into acting_logs (family_id, actor_id, actor_username, user_id, username, client_id, method, path, status, fecha)
        values (${familyId}, ${caller.id}, ${caller.username}, ${target.id}, ${target.username}, ${target.client_id},
                'START', '/api/account/actas', 200, ${now})`);
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
      const like = `%${escapeLike(q)}%`;
      const holds = (roles: readonly string[]) =>
        sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role_name in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )}))`;
      const users = await queryRows(
        db,
        sql`select u.id::text as id, u.username, u.email, u.client_accountnum as client_id, c.name as "clientName"
              from users u left join clients c on c.accountnum = u.client_accountnum
             where u.id <> ${caller.id} and not u.banned
               and not ${holds([ROLES.admin, ROLES.comercial])}
               ${staff ? sql`` : sql`and u.client_accountnum = ${caller.clientId} and not ${holds([ROLES.clientadmin])}`}
               and (u.username ilike ${like} or u.email ilike ${like} or u.client_accountnum ilike ${like}
                    or c.name ilike ${like} or c.commercial_name ilike ${like})
             order by lower(u.username) = lower(${q}) desc, u.username ilike ${`${escapeLike(q)}%`} desc,
                      lower(u.username), u.id
             limit ${ACTING_SEARCH.maxResults}`,
        z.object({
          id: z.string(),
          username: z.string(),
          email: z.string().nullable(),
          client_id: z.string().nullable(),
          clientName: z.string().nullable(),
        }),
      );
      return { users };
    },

    /** Who acts, until when (null when the caller is not acting). */
    async info(caller: Principal) {
      if (!caller.actorId) return null;
      const [row] = await queryRows(
        db,
        sql`select a.username as actor, t.acting_until as until
              from refresh_tokens t join users a on a.id = t.acting_user_id
             where t.user_id = ${caller.id} and t.acting_user_id = ${caller.actorId} and t.revoked_at is null
             order by t.acting_until desc limit 1`,
        z.object({ actor: z.string(), until: pgText }),
      );
      return row ? { actorUserName: row.actor, until: new Date(row.until).toISOString() } : null;
    },

    /** Ends the acting session of the caller's token (the family of its access token). */
    async stop(request: FastifyRequest) {
      const caller = callerOf(request);
      if (!caller.actorId) throw badRequest('WARN_ActingNot');
      const now = clock();
      await db.execute(
        sql`update refresh_tokens set revoked_at = ${now}
             where user_id = ${caller.id} and acting_user_id = ${caller.actorId} and revoked_at is null`,
      );
    },

    /** Refuses a request of an acting session whose actor is no longer staff or allowed, or a refused call. */
    async check(request: FastifyRequest) {
      const caller = request.principal;
      if (!caller?.actorId) return;
      const actor = await actorOf(caller.actorId);
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
      await db.execute(sql`
        insert into acting_logs (family_id, actor_id, actor_username, user_id, username, client_id, method, path, status, fecha)
        select t.family_id, a.id, a.username, ${caller.id}, ${caller.username}, ${caller.clientId},
               ${request.method}, ${decodedPath(request.url).slice(0, 500)}, ${status}, ${clock()}
          from users a
          join lateral (select family_id from refresh_tokens
                         where user_id = ${caller.id} and acting_user_id = a.id order by created_at desc limit 1) t on true
         where a.id = ${caller.actorId}`);
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
