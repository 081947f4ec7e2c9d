import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/schema.ts';

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
