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

    /** Marks the token used if, and only if, it is still good; two concurrent uses cannot both win. */
    async consume(tokenHash: string, now: Date) {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
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
      return rows[0] ?? null;
    },

    async find(tokenHash: string) {
      const rows = await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
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
