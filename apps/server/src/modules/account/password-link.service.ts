/**
 * One-time password links (decision 0034), the calls' side: checking a link, the forgot-password request, setting
 * the password. The links themselves are made and mailed in db/password-links.ts (the users area sends them too).
 */
import { PASSWORD_RESET_MAX_LINKS, PASSWORD_RESET_WINDOW_MINUTES } from '@portal/contract/access';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { sendPasswordLink } from '../../db/password-links.ts';
import { passwordLinks } from '../../db/schema/access.ts';
import { refreshTokens, users } from '../../db/schema/schema.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { sha256 } from '../../lib/random-token.ts';
import { badRequest } from '../../plugins/errors.ts';

type Deps = { db: Db; clock: () => Date };

export function passwordLinkService({ db, clock }: Deps) {
  /** The link of a token if it is still good (not used, not expired, its user exists). */
  async function goodLink(token: string, now: Date) {
    const rows = await db
      .select({
        id: passwordLinks.id,
        userId: passwordLinks.userId,
        purpose: passwordLinks.purpose,
        username: users.username,
      })
      .from(passwordLinks)
      .innerJoin(users, eq(users.id, passwordLinks.userId))
      .where(
        and(eq(passwordLinks.tokenHash, sha256(token)), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now)),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    /**
     * Forgot password: queues a reset link when the name (or e-mail) is a user's and fewer than
     * PASSWORD_RESET_MAX_LINKS were sent to it within the window. The caller answers the same in every case.
     */
    async requestReset(userName: string, baseUrl: string): Promise<void> {
      const now = clock();
      const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        // The user's row is locked first, then its recent links counted by a statement of their own: that count sees
        // the links of every request that held the lock before (a count inside the locking statement would read the
        // snapshot taken before waiting, and requests at once would each send a link past the limit).
        const [user] = await queryRows<{ id: string }>(
          tx,
          sql`select u.id::text as id from users u
               where lower(u.username) = lower(${userName}) or lower(u.email) = lower(${userName})
               order by (lower(u.username) = lower(${userName})) desc
               limit 1
               for update of u`,
        );
        if (!user) return;
        const [links] = await queryRows<{ recent: number }>(
          tx,
          sql`select count(*)::int as recent from password_links
               where user_id = ${user.id}::uuid and purpose = 'reset' and created_at > ${since}`,
        );
        if (links!.recent >= PASSWORD_RESET_MAX_LINKS) return;
        await sendPasswordLink(tx, { userId: user.id, purpose: 'reset', baseUrl, now });
      });
    },

    /** What the set-password page shows: the link's purpose and user; a used, expired or unknown link is a 400. */
    async check(token: string) {
      const link = await goodLink(token, clock());
      if (!link) throw badRequest('WARN_PasswordLinkInvalid');
      return { purpose: link.purpose, userName: link.username };
    },

    /**
     * Sets the password with a link, once: the link is marked used in the same transaction that writes the
     * password, so two uses cannot both win; every other link of the user dies and every session ends
     * (the token version moves on and every refresh token is revoked). A welcome link also confirms the e-mail.
     * Returns the user name, for signing in next.
     */
    async setPassword(token: string, password: string): Promise<string> {
      const now = clock();
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const used = await tx
          .update(passwordLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordLinks.tokenHash, sha256(token)),
              isNull(passwordLinks.usedAt),
              gt(passwordLinks.expiresAt, now),
            ),
          )
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
      });
      if (!done) throw badRequest('WARN_PasswordLinkInvalid');
      return done;
    },
  };
}
export type PasswordLinkService = ReturnType<typeof passwordLinkService>;
