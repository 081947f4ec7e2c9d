import { ACTING_SEARCH } from '@portal/contract/account';
import { ROLES } from '@portal/contract/constants';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pgText } from '../../db/rows.ts';
import { escapeLike } from '../../lib/jqgrid.sql.ts';

const actorRow = z.object({ id: z.string(), username: z.string(), banned: z.boolean(), roles: z.array(z.string()) });
const targetRow = z.object({
  id: z.string(),
  username: z.string(),
  client_id: z.string().nullable(),
  client_exists: z.boolean(),
  client_blocked: z.boolean(),
  banned: z.boolean(),
  email_confirmed: z.boolean(),
  token_version: z.number(),
  roles: z.array(z.string()),
});
const candidateRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  client_id: z.string().nullable(),
  clientName: z.string().nullable(),
});

/** Who may search for whom: the caller, and whether staff (any client) or a client admin (their own client). */
export type CandidateSearch = { callerId: string; staff: boolean; clientId: string | null; q: string };
/** One request of an acting session, as acting_logs keeps it. */
export type ActingLogEntry = {
  actorId: string;
  userId: string;
  username: string;
  clientId: string | null;
  method: string;
  path: string;
  status: number;
  at: Date;
};

/** Acting as a customer's statements (decision 0035): acting.ts decides, these read and write. */
export function actingRepository(db: Db) {
  return {
    /** A staff member as acting needs them: banned or not, and their roles; null when gone. */
    async actor(id: string) {
      const [row] = await queryRows(
        db,
        sql`select u.id::text as id, u.username, u.banned,
                   coalesce((select array_agg(r.role_name) from user_roles r where r.user_id = u.id), '{}') as roles
              from users u where u.id = ${id}`,
        actorRow,
      );
      return row ?? null;
    },

    /** The user named `username` (whatever its case) with their client, state and roles; undefined when none. */
    async target(username: string) {
      const [row] = await queryRows(
        db,
        sql`select u.id::text as id, u.username, u.client_accountnum as client_id, c.accountnum is not null as client_exists,
                   coalesce(c.all_blocked, false) as client_blocked, u.banned, u.email_confirmed, u.token_version,
                   coalesce((select array_agg(r.role_name) from user_roles r where r.user_id = u.id), '{}') as roles
              from users u left join clients c on c.accountnum = u.client_accountnum
             where lower(u.username) = lower(${username}) limit 1`,
        targetRow,
      );
      return row;
    },

    /**
     * Starts the session: its refresh token, stored as already used by nobody's digest (presenting it ends the
     * session), and the START row of the log.
     */
    async startSession(s: {
      tokenHash: string;
      familyId: string;
      actor: { id: string; username: string };
      target: { id: string; username: string; client_id: string | null };
      now: Date;
      until: Date;
    }): Promise<void> {
      await db.execute(sql`
        insert into refresh_tokens (token_hash, family_id, user_id, client_id, expires_at, used_at, used_by, acting_user_id, acting_until)
        values (${s.tokenHash}, ${s.familyId}, ${s.target.id}, null, ${s.until}, ${s.now}, 'acting', ${s.actor.id}, ${s.until})`);
      await db.execute(sql`
        insert into acting_logs (family_id, actor_id, actor_username, user_id, username, client_id, method, path, status, fecha)
        values (${s.familyId}, ${s.actor.id}, ${s.actor.username}, ${s.target.id}, ${s.target.username}, ${s.target.client_id},
                'START', '/api/account/actas', 200, ${s.now})`);
    },

    /**
     * The users the caller may act as (the rule of `mayActAs`, in SQL; a banned one never) whose user name, e-mail,
     * client account or client name holds `q`: an exact user name first, then names that start with it, then the
     * rest by name.
     */
    candidates({ callerId, staff, clientId, q }: CandidateSearch) {
      const like = `%${escapeLike(q)}%`;
      const holds = (roles: readonly string[]) =>
        sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role_name in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )}))`;
      return queryRows(
        db,
        sql`select u.id::text as id, u.username, u.email, u.client_accountnum as client_id, c.name as "clientName"
              from users u left join clients c on c.accountnum = u.client_accountnum
             where u.id <> ${callerId} and not u.banned
               and not ${holds([ROLES.admin, ROLES.comercial])}
               ${staff ? sql`` : sql`and u.client_accountnum = ${clientId} and not ${holds([ROLES.clientadmin])}`}
               and (u.username ilike ${like} or u.email ilike ${like} or u.client_accountnum ilike ${like}
                    or c.name ilike ${like} or c.commercial_name ilike ${like})
             order by lower(u.username) = lower(${q}) desc, u.username ilike ${`${escapeLike(q)}%`} desc,
                      lower(u.username), u.id
             limit ${ACTING_SEARCH.maxResults}`,
        candidateRow,
      );
    },

    /** Who acts as the user and until when, in the session not revoked that ends last; undefined when none. */
    async session(userId: string, actorId: string) {
      const [row] = await queryRows(
        db,
        sql`select a.username as actor, t.acting_until as until
              from refresh_tokens t join users a on a.id = t.acting_user_id
             where t.user_id = ${userId} and t.acting_user_id = ${actorId} and t.revoked_at is null
             order by t.acting_until desc limit 1`,
        z.object({ actor: z.string(), until: pgText }),
      );
      return row;
    },

    /** Revokes the acting sessions of the actor as the user. */
    async revoke(userId: string, actorId: string, now: Date): Promise<void> {
      await db.execute(
        sql`update refresh_tokens set revoked_at = ${now}
             where user_id = ${userId} and acting_user_id = ${actorId} and revoked_at is null`,
      );
    },

    /** Logs a request of an acting session, in the family of the actor's latest session as the user. */
    async log(e: ActingLogEntry): Promise<void> {
      await db.execute(sql`
        insert into acting_logs (family_id, actor_id, actor_username, user_id, username, client_id, method, path, status, fecha)
        select t.family_id, a.id, a.username, ${e.userId}, ${e.username}, ${e.clientId},
               ${e.method}, ${e.path}, ${e.status}, ${e.at}
          from users a
          join lateral (select family_id from refresh_tokens
                         where user_id = ${e.userId} and acting_user_id = a.id order by created_at desc limit 1) t on true
         where a.id = ${e.actorId}`);
    },
  };
}
