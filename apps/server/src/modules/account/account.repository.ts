import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queueMail } from '../../db/mail-outbox.ts';
import { clients, users } from '../../db/schema/schema.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { PrincipalRow } from '../../plugins/principal.ts';

export type LoginRow = PrincipalRow & { passwordHash: string; clientExists: boolean };

const principalColumns = {
  id: users.id,
  username: users.username,
  clientId: users.clientAccountnum,
  clientName: clients.name,
  clientBlocked: sql<boolean>`coalesce(${clients.allBlocked}, false)`,
  // The home store: the user's first assigned store, else the client's (decision 0033).
  clientStore: sql<
    string | null
  >`coalesce((select us.store_id from user_stores us where us.user_id = ${users.id} order by us.position limit 1), ${clients.storeId})`,
  banned: users.banned,
  emailConfirmed: users.emailConfirmed,
  tokenVersion: users.tokenVersion,
  imageId: users.imageId,
  // The profile's language (a column of migration 0019, not in the Drizzle schema) only when the user chose it (0053).
  profileLanguage: sql<string | null>`case when ${users.languageChosen} then ${users}.language end`,
  roles: sql<
    string[]
  >`coalesce((select array_agg(ur.role_name order by ur.role_name) from user_roles ur where ur.user_id = ${users.id}), '{}')`,
  // A family issues an access token with each of its refresh tokens, and no access token outlives a day
  // (ACCESS_TOKEN_MINUTES <= 1440): the families revoked with a token issued within the last day are enough.
  revokedFamilies: sql<
    string[]
  >`coalesce((select array_agg(distinct rt.family_id::text) from refresh_tokens rt where rt.user_id = ${users.id} and rt.revoked_at is not null and rt.created_at > now() - interval '1 day'), '{}')`,
};

export function accountRepository(db: Db) {
  // Every signed-in request runs this: built once, and prepared on each connection (PostgreSQL parses and
  // plans it once per connection instead of once per request).
  const principalById = db
    .select(principalColumns)
    .from(users)
    .leftJoin(clients, eq(clients.accountnum, users.clientAccountnum))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('load_principal');
  return {
    async loadPrincipal(id: string): Promise<PrincipalRow | null> {
      const rows = await principalById.execute({ id });
      return rows[0] ?? null;
    },

    async findForLogin(username: string): Promise<LoginRow | null> {
      const rows = await db
        .select({
          ...principalColumns,
          passwordHash: users.passwordHash,
          clientExists: sql<boolean>`${clients.accountnum} is not null`,
        })
        .from(users)
        .leftJoin(clients, eq(clients.accountnum, users.clientAccountnum))
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows[0] ?? null;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Inserts an unconfirmed user and queues its confirmation mail (built from the new id) in one transaction:
     * both or neither. Null when the name was taken meanwhile (nothing written).
     */
    async insertUnconfirmedUser(
      input: { username: string; passwordHash: string; clientAccountnum: string; confirmCodeHash: string },
      mailFor: (id: string) => Mail,
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.username,
            passwordHash: input.passwordHash,
            clientAccountnum: input.clientAccountnum,
            emailConfirmed: false,
            confirmCodeHash: input.confirmCodeHash,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        const id = rows[0]?.id;
        if (!id) return null;
        await queueMail(tx, mailFor(id));
        return id;
      });
    },

    /** Confirms once: the code is cleared, so a second call finds nothing. */
    async confirmUser(id: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailConfirmed: true, confirmCodeHash: null })
        .where(and(eq(users.id, id), eq(users.confirmCodeHash, codeHash), eq(users.emailConfirmed, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async markSessionStart(id: string, at: Date): Promise<void> {
      await db.update(users).set({ tokenCreated: at }).where(eq(users.id, id));
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
