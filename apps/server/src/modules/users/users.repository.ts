import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/schema.ts';

export function usersRepository(db: Db) {
  return {
    async profile(id: string) {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          cliente_id: users.clientAccountnum,
          image_id: users.imageId,
          lockoutenabled: users.banned,
          tokencreated: users.tokenCreated,
          addressdefault_recid: users.addressDefaultId,
          created_at: users.createdAt,
          roles: sql<
            string[]
          >`coalesce((select array_agg(ur.role_name order by ur.role_name) from user_roles ur where ur.user_id = ${users.id}), '{}')`,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Ends every session of the user at once: tokens carrying the old version are refused from the next
     * request on, and no refresh token of the user works any more.
     */
    async endSessions(id: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1`, tokenCreated: null })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        if (rows.length === 0) return false;
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
        return true;
      });
    },

    async setBanned(id: string, banned: boolean): Promise<boolean> {
      const rows = await db.update(users).set({ banned }).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async findByUsername(username: string) {
      const rows = await db
        .select({ id: users.id, username: users.username, clientId: users.clientAccountnum })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
