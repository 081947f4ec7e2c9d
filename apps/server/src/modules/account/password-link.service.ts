/**
 * One-time password links (decision 0034), the calls' side: checking a link, the forgot-password request, setting
 * the password. The links themselves are made and mailed in db/password-links.ts (the users area sends them too).
 */
import { PASSWORD_RESET_MAX_LINKS, PASSWORD_RESET_WINDOW_MINUTES } from '@portal/contract/account';
import type { Db } from '../../db/client.ts';
import { sendPasswordLink } from '../../db/password-links.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { sha256 } from '../../lib/random-token.ts';
import { badRequest } from '../../plugins/errors.ts';
import { passwordLinkRepository } from './password-link.repository.ts';

type Deps = { db: Db; clock: () => Date };

export function passwordLinkService({ db, clock }: Deps) {
  const repo = passwordLinkRepository(db);
  return {
    /**
     * Forgot password: queues a reset link when the name (or e-mail) is a user's and fewer than
     * PASSWORD_RESET_MAX_LINKS were sent to it within the window. The caller answers the same in every case.
     */
    async requestReset(userName: string, baseUrl: string): Promise<void> {
      const now = clock();
      const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        // The user's row is locked first, then its recent links counted (password-link.repository.ts says why).
        const user = await repo.lockResetTarget(tx, userName, since);
        if (!user || user.recent >= PASSWORD_RESET_MAX_LINKS) return;
        await sendPasswordLink(tx, { userId: user.id, purpose: 'reset', baseUrl, now });
      });
    },

    /** What the set-password page shows: the link's purpose and user; a used, expired or unknown link is a 400. */
    async check(token: string) {
      const link = await repo.goodLink(sha256(token), clock());
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
      const done = await db.transaction((tx) => repo.usePasswordLink(tx, sha256(token), passwordHash, now));
      if (!done) throw badRequest('WARN_PasswordLinkInvalid');
      return done;
    },
  };
}
export type PasswordLinkService = ReturnType<typeof passwordLinkService>;
