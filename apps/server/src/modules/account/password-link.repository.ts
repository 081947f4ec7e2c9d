import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { passwordLinks } from '../../db/schema/access.ts';
import { refreshTokens, users } from '../../db/schema/schema.ts';

/** A link still good for a token's digest (not used, not expired at `now`). */
const good = (tokenHash: string, now: Date) =>
  and(eq(passwordLinks.tokenHash, tokenHash), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now));

/** One-time password links (decision 0034) as the calls read and use them; `tx`: the service's transaction. */
export function passwordLinkRepository(db: Db) {
  return {
    /** The link of a token's digest if it is still good, with its user's name (the user must exist). */
    async goodLink(tokenHash: string, now: Date) {
      const rows = await db
        .select({
          id: passwordLinks.id,
          userId: passwordLinks.userId,
          purpose: passwordLinks.purpose,
          username: users.username,
        })
        .from(passwordLinks)
        .innerJoin(users, eq(users.id, passwordLinks.userId))
        .where(good(tokenHash, now))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The user a forgot-password name (or e-mail) is, locked, and the reset links sent to it since `since`; null when
     * nobody. The lock comes first and the count in a statement of its own: that count sees the links of every
     * request that held the lock before (a count inside the locking statement would read the snapshot taken before
     * waiting, and requests at once would each send a link past the limit).
     */
    async lockResetTarget(tx: Db, userName: string, since: Date): Promise<{ id: string; recent: number } | null> {
      const [user] = await queryRows(
        tx,
        sql`select u.id::text as id from users u
             where lower(u.username) = lower(${userName}) or lower(u.email) = lower(${userName})
             order by (lower(u.username) = lower(${userName})) desc
             limit 1
             for update of u`,
        z.object({ id: z.string() }),
      );
      if (!user) return null;
      const [links] = await queryRows(
        tx,
        sql`select count(*)::int as recent from password_links
             where user_id = ${user.id}::uuid and purpose = 'reset' and created_at > ${since}`,
        z.object({ recent: z.number() }),
      );
      return { id: user.id, recent: links?.recent ?? 0 };
    },

    /**
     * Uses the good link of a token's digest and sets its user's password: every other link of the user dies, every
     * session ends (the token version moves on, every refresh token is revoked) and the e-mail counts as confirmed.
     * The user's name, or null when the link was not good (used, expired, unknown).
     */
    async usePasswordLink(tx: Db, tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
      const used = await tx
        .update(passwordLinks)
        .set({ usedAt: now })
        .where(good(tokenHash, now))
        .returning({ userId: passwordLinks.userId });
      const link = used[0];
      if (!link) return null;
      await tx
        .update(passwordLinks)
        .set({ usedAt: now })
        .where(and(eq(passwordLinks.userId, link.userId), isNull(passwordLinks.usedAt)));
      const [user] = await tx
        .update(users)
        .set({
          passwordHash,
          emailConfirmed: true,
          confirmCodeHash: null,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          tokenCreated: null,
        })
        .where(eq(users.id, link.userId))
        .returning({ username: users.username });
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, link.userId), isNull(refreshTokens.revokedAt)));
      return user?.username ?? null;
    },
  };
}
