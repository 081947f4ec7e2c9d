import os from 'node:os';
import { USER_LOG_CODE } from '@portal/contract/constants';
import type { FastifyReply } from 'fastify';
import type { Mail } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { SESSION_REFUSAL_TEXTS, sessionRefusal } from '../../plugins/principal.ts';
import type { AccountRepository, LoginRow } from './account.repository.ts';
import { type Attempt, deviceMarks, type LoginThrottleStore } from './login-throttle.ts';
import type { RefreshTokenRepository } from './refresh-token.repository.ts';
import { newFamilyId, randomToken, sha256, type TokenSigner } from './token.service.ts';
import type { UserLogRepository } from './user-log.repository.ts';

/** The Spanish texts of POST /token refusals (error_description). */
export const TOKEN_MESSAGES = {
  badCredentials: 'El usuario o la contraseña no son correctos.',
  ...SESSION_REFUSAL_TEXTS,
  badRefresh: 'La sesión ha caducado. Vuelva a iniciar sesión.',
  throttled: 'Demasiados intentos fallidos. Espere {s} segundos antes de volver a intentarlo.',
} as const;

export class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode: 400 | 429 = 400,
    readonly retryAfter?: number,
    /** The refusal revoked a refresh-token family: its access tokens stop once the change is heard. */
    readonly endedSession = false,
  ) {
    super(description);
  }

  /** Answers the refusal as /token does: `{ error, error_description }`, with Retry-After when it says to wait. */
  send(reply: FastifyReply) {
    if (this.retryAfter) reply.header('Retry-After', String(this.retryAfter));
    return reply.status(this.statusCode).send({ error: this.error, error_description: this.description });
  }
}

/** How long a used refresh token still answers its successor to the client that used it (0002). */
export const REFRESH_GRACE_MS = 5000;

export type RequestContext = { ip: string; userAgent: string | null; baseUrl: string };

type Deps = {
  accounts: AccountRepository;
  refreshTokens: RefreshTokenRepository;
  userLog: UserLogRepository;
  throttle: LoginThrottleStore;
  signer: TokenSigner;
  /** Called once a mail was queued and its transaction committed: the outbox sends it in the background. */
  mailQueued: () => void;
  clock: () => Date;
  refreshTokenDays: number;
  workZoneExists: (accountnum: string) => Promise<boolean>;
};

/** The mail that confirms a registration. */
function registrationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirme su registro en el portal',
    text: `Hola,\n\nHemos recibido su solicitud de registro. Para activar su cuenta abra este enlace:\n\n${link}\n\nSi no ha solicitado el registro, ignore este mensaje.\n`,
    html: `<p>Hola,</p><p>Hemos recibido su solicitud de registro. Para activar su cuenta abra este enlace:</p><p><a href="${link}">${link}</a></p><p>Si no ha solicitado el registro, ignore este mensaje.</p>`,
  };
}

export function accountService(deps: Deps) {
  const machine = os.hostname();
  const devices = deviceMarks(deps.signer.mac);

  async function log(username: string, clientId: string | null, code: number, ctx: RequestContext, data?: string) {
    await deps.userLog.write(
      {
        username: username.slice(0, 256),
        clientId,
        messageCod: code,
        ipaddress: ctx.ip,
        machinename: machine,
        useragent: ctx.userAgent?.slice(0, 512) ?? null,
        data: data ?? null,
      },
      deps.clock(),
    );
  }

  const refreshExpiry = (now: Date) => new Date(now.getTime() + deps.refreshTokenDays * 86_400_000);

  function tokenPair(user: Pick<LoginRow, 'username'>, accessToken: string, refreshToken: string) {
    return {
      access_token: accessToken,
      token_type: 'bearer' as const,
      expires_in: deps.signer.expiresInSeconds,
      refresh_token: refreshToken,
      userName: user.username,
    };
  }

  /** Who presents a refresh token: the grace period of a repeated refresh is only for the client that used it. */
  const presenter = (ctx: RequestContext, clientId: string | undefined) =>
    sha256(`${ctx.ip}\n${ctx.userAgent ?? ''}\n${clientId ?? ''}`);

  /** Judges a password sign-in attempt: throttled, checked, the account's state told; logged when refused. */
  async function checkPassword(
    input: { username: string; password: string },
    ctx: RequestContext,
    deviceMark: string | null,
  ) {
    const attempt: Attempt = {
      ip: ctx.ip,
      username: input.username,
      device: devices.deviceOf(deviceMark, input.username),
    };
    // The attempt is judged and counted at the second it arrived (not after its password was hashed): the
    // waits are whole seconds, as Retry-After tells them.
    const arrived = new Date(Math.floor(deps.clock().getTime() / 1000) * 1000);
    const wait = await deps.throttle.retryAfter(attempt, arrived);
    if (wait > 0) {
      await log(input.username, null, USER_LOG_CODE.error, ctx, 'throttled');
      throw new TokenError('too_many_attempts', TOKEN_MESSAGES.throttled.replace('{s}', String(wait)), 429, wait);
    }
    const user = await deps.accounts.findForLogin(input.username);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      await deps.throttle.recordFailure(attempt, arrived);
      await log(
        input.username,
        user?.clientId ?? null,
        USER_LOG_CODE.error,
        ctx,
        user ? 'bad password' : 'unknown user',
      );
      throw new TokenError('invalid_grant', TOKEN_MESSAGES.badCredentials);
    }
    // The account's state is told only to someone who knows its password.
    const refusal = sessionRefusal({ ...user, clientId: user.clientExists ? user.clientId : null });
    if (refusal) {
      await log(user.username, user.clientId, refusal.code, ctx, refusal.text);
      throw new TokenError('invalid_grant', refusal.text);
    }
    // Only this user name's counters start again: the IP's failures stand, whoever signs in from it.
    await deps.throttle.clearUser(attempt);
    return { user };
  }

  /** A new refresh-token family and its first pair for a user who may hold a session; logged as a sign-in. */
  async function openSession(user: LoginRow, clientId: string | undefined, ctx: RequestContext, detail?: string) {
    await deps.accounts.markSessionStart(user.id, deps.clock());
    await log(user.username, user.clientId, USER_LOG_CODE.success, ctx, detail);
    const familyId = newFamilyId();
    const refresh = randomToken();
    await deps.refreshTokens.insert({
      tokenHash: sha256(refresh),
      familyId,
      userId: user.id,
      clientId: clientId ?? null,
      expiresAt: refreshExpiry(deps.clock()),
    });
    const access = await deps.signer.sign(user.id, user.tokenVersion, familyId);
    return tokenPair(user, access, refresh);
  }

  return {
    /**
     * Signs in with a password; `deviceMark` is the device cookie the caller sent, and the answer carries the
     * mark to set (0003).
     */
    async passwordGrant(
      input: { username: string; password: string; client_id?: string },
      ctx: RequestContext,
      deviceMark: string | null,
    ) {
      const { user } = await checkPassword(input, ctx, deviceMark);
      return {
        tokens: await openSession(user, input.client_id, ctx),
        deviceMark: devices.after(deviceMark, user.username),
      };
    },

    /**
     * The password check of a sign-in, throttled and logged like one, for a caller that then does more than open a
     * session (linking an external identity: decision 0036). Answers the user, who may hold a session.
     */
    async checkPassword(input: { username: string; password: string }, ctx: RequestContext, deviceMark: string | null) {
      const { user } = await checkPassword(input, ctx, deviceMark);
      return { id: user.id, username: user.username, deviceMark: devices.after(deviceMark, user.username) };
    },

    /**
     * A session for a user an external identity vouched for (decision 0036): the same refusals as a password sign-in
     * (ban, client blocks), checked now, and the same log.
     */
    async externalSession(userId: string, ctx: RequestContext, detail: string) {
      const principal = await deps.accounts.loadPrincipal(userId);
      const user = principal ? await deps.accounts.findForLogin(principal.username) : null;
      if (!user || user.id !== userId) throw new TokenError('invalid_grant', TOKEN_MESSAGES.badCredentials);
      const refusal = sessionRefusal({ ...user, clientId: user.clientExists ? user.clientId : null });
      if (refusal) {
        await log(user.username, user.clientId, refusal.code, ctx, `${detail}: ${refusal.text}`);
        throw new TokenError('invalid_grant', refusal.text);
      }
      return openSession(user, undefined, ctx, detail);
    },

    /**
     * Renews a session: the token is used once and answers the next pair of its family. The successor is a keyed
     * digest of the token, and its access token is dated when the token was used, so the same client presenting
     * the same token again within REFRESH_GRACE_MS (two tabs, a retried request) gets the very same pair. Any
     * other second use is reuse: somebody holds a copy, and the whole family is revoked.
     */
    async refreshGrant(input: { refresh_token: string; client_id?: string }, ctx: RequestContext) {
      const hash = sha256(input.refresh_token);
      const now = deps.clock();
      const by = presenter(ctx, input.client_id);
      const next = deps.signer.mac('next-refresh-token', input.refresh_token);
      /** Revokes the family and tells why: the refusal to throw. */
      const ended = async (familyId: string, text: string = TOKEN_MESSAGES.badRefresh) => {
        await deps.refreshTokens.revokeFamily(familyId, now);
        return new TokenError('invalid_grant', text, 400, undefined, true);
      };
      let session = await deps.refreshTokens.rotate(
        hash,
        { tokenHash: sha256(next), expiresAt: refreshExpiry(now) },
        by,
        now,
      );
      let issuedAt = now;
      if (!session) {
        const known = await deps.refreshTokens.find(hash);
        if (!known) throw new TokenError('invalid_grant', TOKEN_MESSAGES.badRefresh);
        const usedAt = known.usedAt;
        const repeated =
          usedAt !== null &&
          known.revokedAt === null &&
          known.usedBy === by &&
          now.getTime() - usedAt.getTime() <= REFRESH_GRACE_MS;
        if (!repeated) throw await ended(known.familyId);
        session = known;
        issuedAt = usedAt;
      }
      if ((input.client_id ?? null) !== session.clientId && input.client_id !== undefined) {
        throw await ended(session.familyId);
      }
      const principal = await deps.accounts.loadPrincipal(session.userId);
      const refusal = principal ? sessionRefusal(principal) : { text: TOKEN_MESSAGES.badRefresh };
      if (!principal || refusal) throw await ended(session.familyId, refusal?.text);
      const access = await deps.signer.sign(principal.id, principal.tokenVersion, session.familyId, {
        issuedAt,
        jti: deps.signer.mac('access-token-id', input.refresh_token).slice(0, 22),
      });
      return tokenPair(principal, access, next);
    },

    /** Ends the session the refresh token belongs to, when it is the caller's; true when one was ended. */
    async logout(userId: string, refreshToken: string): Promise<boolean> {
      const known = await deps.refreshTokens.find(sha256(refreshToken));
      if (!known || known.userId !== userId) return false;
      await deps.refreshTokens.revokeFamily(known.familyId, deps.clock());
      return true;
    },

    /**
     * Writes the unconfirmed user and its confirmation mail in one transaction and answers: the mail goes out
     * from the outbox (decision 0053), so a slow or failing SMTP server never fails or delays a registration.
     */
    async register(
      input: { userName: string; password: string; workzone: string },
      ctx: RequestContext,
    ): Promise<void> {
      if (!(await deps.workZoneExists(input.workzone))) throw badRequest('WARN_RegisterWorkzoneUnknown');
      if (await deps.accounts.usernameTaken(input.userName)) throw badRequest('WARN_RegisterUserExists');
      const code = randomToken();
      const id = await deps.accounts.insertUnconfirmedUser(
        {
          username: input.userName,
          passwordHash: await hashPassword(input.password),
          clientAccountnum: input.workzone,
          confirmCodeHash: sha256(code),
        },
        (id) => registrationMail(input.userName, `${ctx.baseUrl}/registerconfirm/${code}/${id}`),
      );
      // Taken between the check and the insert (two registrations at once): the same answer as the check's.
      if (!id) throw badRequest('WARN_RegisterUserExists');
      deps.mailQueued();
    },

    async confirmRegistration(t: string, u: string): Promise<void> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(u) || !(await deps.accounts.confirmUser(u, sha256(t)))) {
        throw new AppError(400, 'WARN_RegisterConfirmInvalid');
      }
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
