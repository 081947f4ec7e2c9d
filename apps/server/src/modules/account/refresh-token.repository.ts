import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/schema.ts';

export function refreshTokenRepository(db: Db) {
  return {
    async insert(row: {
      tokenHash: string;
      familyId: string;
      userId: string;
      clientId: string | null;
      expiresAt: Date;
    }) {
      await db.insert(refreshTokens).values(row);
    },

    /**
     * Marks the token used by `usedBy` if, and only if, it is still good, and stores its successor in the same
     * transaction: two concurrent uses cannot both win, and the loser, which waits for the winner's row lock,
     * then finds the token used and its successor already stored.
     */
    async rotate(tokenHash: string, next: { tokenHash: string; expiresAt: Date }, usedBy: string, now: Date) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(refreshTokens)
          .set({ usedAt: now, usedBy })
          .where(
            and(
              eq(refreshTokens.tokenHash, tokenHash),
              isNull(refreshTokens.usedAt),
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, now),
            ),
          )
          .returning({
            familyId: refreshTokens.familyId,
            userId: refreshTokens.userId,
            clientId: refreshTokens.clientId,
          });
        const used = rows[0];
        if (!used) return null;
        await tx
          .insert(refreshTokens)
          .values({ ...next, familyId: used.familyId, userId: used.userId, clientId: used.clientId });
        return used;
      });
    },

    async find(tokenHash: string) {
      const rows = await db
        .select({
          familyId: refreshTokens.familyId,
          userId: refreshTokens.userId,
          clientId: refreshTokens.clientId,
          usedAt: refreshTokens.usedAt,
          usedBy: refreshTokens.usedBy,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async revokeFamily(familyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type RefreshTokenRepository = ReturnType<typeof refreshTokenRepository>;
