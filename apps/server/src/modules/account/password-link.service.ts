/**
 * One-time password links (decision 0034): 'welcome' (a new user sets a first password) and 'reset' (forgot
 * password). The link carries a random 256-bit token; only its SHA-256 digest is stored. A link works once, until
 * it expires (PASSWORD_LINK_MINUTES), and using it ends every other session of the user and every other link.
 *
 * For the user screens (helper "people"), on creating a user:
 *
 *   await sendPasswordLink(tx, { userId, purpose: 'welcome', baseUrl: app.publicBaseUrl(request), now: clock() });
 *
 *   - `db`: the app's Db or the transaction that created the user (the e-mail is queued in the same transaction,
 *     in mail_outbox, and goes out when the outbox runs: it is never sent for a user that was rolled back);
 *   - resolves true when a link was queued, false when the user does not exist or has no e-mail address;
 *   - a new user may be created with any unusable password hash (for example ''): nobody can sign in with it
 *     until the link is used;
 *   - the e-mail goes out right after the response of the request that queued it (passwordLinkDelivery, in
 *     password-link.routes.ts: the transaction has committed by then), not at the outbox's next run.
 */
import {
  PASSWORD_LINK_MINUTES,
  PASSWORD_RESET_MAX_LINKS,
  PASSWORD_RESET_WINDOW_MINUTES,
  type PasswordLinkPurpose,
} from '@portal/contract/access';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queueMail } from '../../db/mail-outbox.ts';
import { passwordLinks } from '../../db/schema/access.ts';
import { refreshTokens, users } from '../../db/schema/schema.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { badRequest } from '../../plugins/errors.ts';
import { randomToken, sha256 } from './token.service.ts';

export type SendPasswordLinkInput = {
  userId: string;
  purpose: PasswordLinkPurpose;
  /** The portal's public base URL (app.publicBaseUrl(request)): never the request's Host (decision 0015). */
  baseUrl: string;
  now: Date;
};

const MAIL: Record<PasswordLinkPurpose, { subject: string; intro: string }> = {
  welcome: {
    subject: 'Bienvenido al portal: elija su contraseña',
    intro: 'Se ha creado su usuario «{user}» en el portal. Para elegir su contraseña abra este enlace',
  },
  reset: {
    subject: 'Restablecer su contraseña del portal',
    intro: 'Hemos recibido una petición para restablecer la contraseña del usuario «{user}». Abra este enlace',
  },
};

/** How many links were queued since the outbox was last asked to deliver them (this process). */
export const queuedLinks = { count: 0 };

/**
 * A new one-time link for the user, stored as its digest, and its URL (the token is in it, and nowhere else):
 * what the e-mail carries, or what `npm run create-admin` prints.
 */
export async function createPasswordLink(db: Db, input: SendPasswordLinkInput): Promise<string> {
  const token = randomToken();
  await db.insert(passwordLinks).values({
    tokenHash: sha256(token),
    userId: input.userId,
    purpose: input.purpose,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + PASSWORD_LINK_MINUTES[input.purpose] * 60_000),
  });
  return `${input.baseUrl}/set-password/${token}`;
}

/** Queues the e-mail with a new one-time link for the user (see the top of this file). */
export async function sendPasswordLink(db: Db, input: SendPasswordLinkInput): Promise<boolean> {
  const [user] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  const to = user?.email ?? (user?.username.includes('@') ? user.username : null);
  if (!user || !to) return false;
  const minutes = PASSWORD_LINK_MINUTES[input.purpose];
  const link = await createPasswordLink(db, input);
  const mail = MAIL[input.purpose];
  const hours = minutes >= 120 ? `${minutes / 60} horas` : `${minutes} minutos`;
  const body = `Hola,\n\n${mail.intro.replace('{user}', user.username)}:\n\n${link}\n\nEl enlace sirve una sola vez y caduca en ${hours}.\nSi no esperaba este mensaje, ignórelo: su contraseña no cambia.\n`;
  await queueMail(db, { to, subject: mail.subject, text: body });
  queuedLinks.count++;
  return true;
}

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
        const [user] = await queryRows<{ id: string; recent: number }>(
          tx,
          sql`select u.id::text as id,
                     (select count(*)::int from password_links l
                       where l.user_id = u.id and l.purpose = 'reset' and l.created_at > ${since}) as recent
                from users u
               where lower(u.username) = lower(${userName}) or lower(u.email) = lower(${userName})
               order by (lower(u.username) = lower(${userName})) desc
               limit 1
               for update of u`,
        );
        if (!user || user.recent >= PASSWORD_RESET_MAX_LINKS) return;
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
