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
import { PASSWORD_LINK_MINUTES, type PasswordLinkPurpose } from '@portal/contract/account';
import { eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../lib/random-token.ts';
import type { Db } from './client.ts';
import { queueMail } from './mail-outbox.ts';
import { passwordLinks } from './schema/access.ts';
import { users } from './schema/schema.ts';

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
