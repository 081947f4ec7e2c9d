import os from 'node:os';
import { USER_LOG_CODE } from '@portal/contract/constants';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { AccountRepository, LoginRow, PrincipalRow } from './account.repository.ts';
import { type LoginThrottleStore, throttleKeys } from './login-throttle.ts';
import type { RefreshTokenRepository } from './refresh-token.repository.ts';
import { newFamilyId, randomToken, sha256, type TokenSigner } from './token.service.ts';
import type { UserLogRepository } from './user-log.repository.ts';

/** The Spanish texts of POST /token refusals (error_description). */
export const TOKEN_MESSAGES = {
  badCredentials: 'El usuario o la contraseña no son correctos.',
  bannedUser: 'El usuario está bloqueado. Póngase en contacto con su administrador.',
  blockedClient: 'El cliente está bloqueado. Póngase en contacto con su comercial.',
  noCompany: 'El usuario no tiene una empresa asignada. Póngase en contacto con su administrador.',
  unconfirmed: 'La cuenta aún no está confirmada. Abra el enlace del correo que le enviamos.',
  badRefresh: 'La sesión ha caducado. Vuelva a iniciar sesión.',
  throttled: 'Demasiados intentos fallidos. Espere {s} segundos antes de volver a intentarlo.',
} as const;

export class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode: 400 | 429 = 400,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

export type RequestContext = { ip: string; userAgent: string | null; baseUrl: string };

type Deps = {
  accounts: AccountRepository;
  refreshTokens: RefreshTokenRepository;
  userLog: UserLogRepository;
  throttle: LoginThrottleStore;
  signer: TokenSigner;
  mailer: Mailer;
  clock: () => Date;
  refreshTokenDays: number;
  workZoneExists: (accountnum: string) => Promise<boolean>;
};

/** Why a principal may not hold a session, as user-log code and message; null when it may. */
export function sessionRefusal(p: Pick<PrincipalRow, 'banned' | 'clientId' | 'clientBlocked' | 'emailConfirmed'>) {
  if (p.banned) return { code: USER_LOG_CODE.blockedUser, text: TOKEN_MESSAGES.bannedUser };
  if (!p.clientId) return { code: USER_LOG_CODE.noCompany, text: TOKEN_MESSAGES.noCompany };
  if (p.clientBlocked) return { code: USER_LOG_CODE.blockedClient, text: TOKEN_MESSAGES.blockedClient };
  if (!p.emailConfirmed) return { code: USER_LOG_CODE.error, text: TOKEN_MESSAGES.unconfirmed };
  return null;
}

export function accountService(deps: Deps) {
  const machine = os.hostname();

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

  async function issueTokens(
    user: Pick<LoginRow, 'id' | 'username' | 'tokenVersion'>,
    familyId: string,
    clientId: string | null,
  ) {
    const refresh = randomToken();
    const now = deps.clock();
    await deps.refreshTokens.insert({
      tokenHash: sha256(refresh),
      familyId,
      userId: user.id,
      clientId,
      expiresAt: new Date(now.getTime() + deps.refreshTokenDays * 86_400_000),
    });
    return {
      access_token: await deps.signer.sign(user.id, user.tokenVersion),
      token_type: 'bearer' as const,
      expires_in: deps.signer.expiresInSeconds,
      refresh_token: refresh,
      userName: user.username,
    };
  }

  return {
    async passwordGrant(input: { username: string; password: string; client_id?: string }, ctx: RequestContext) {
      const keys = throttleKeys(ctx.ip, input.username);
      const wait = await deps.throttle.retryAfter(keys, deps.clock());
      if (wait > 0) {
        await log(input.username, null, USER_LOG_CODE.error, ctx, 'throttled');
        throw new TokenError('too_many_attempts', TOKEN_MESSAGES.throttled.replace('{s}', String(wait)), 429, wait);
      }
      const user = await deps.accounts.findForLogin(input.username);
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await deps.throttle.recordFailure(keys, deps.clock());
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
      await deps.throttle.clear(keys);
      await deps.accounts.markSessionStart(user.id, deps.clock());
      await log(user.username, user.clientId, USER_LOG_CODE.success, ctx);
      return issueTokens(user, newFamilyId(), input.client_id ?? null);
    },

    async refreshGrant(input: { refresh_token: string; client_id?: string }) {
      const hash = sha256(input.refresh_token);
      const now = deps.clock();
      const consumed = await deps.refreshTokens.consume(hash, now);
      if (!consumed) {
        // A used or revoked token presented again: somebody holds a copy. End the whole chain.
        const known = await deps.refreshTokens.find(hash);
        if (known) await deps.refreshTokens.revokeFamily(known.familyId, now);
        throw new TokenError('invalid_grant', TOKEN_MESSAGES.badRefresh);
      }
      if ((input.client_id ?? null) !== consumed.clientId && input.client_id !== undefined) {
        await deps.refreshTokens.revokeFamily(consumed.familyId, now);
        throw new TokenError('invalid_grant', TOKEN_MESSAGES.badRefresh);
      }
      const principal = await deps.accounts.loadPrincipal(consumed.userId);
      const refusal = principal ? sessionRefusal(principal) : { text: TOKEN_MESSAGES.badRefresh };
      if (!principal || refusal) {
        await deps.refreshTokens.revokeFamily(consumed.familyId, now);
        throw new TokenError('invalid_grant', refusal?.text ?? TOKEN_MESSAGES.badRefresh);
      }
      return issueTokens(principal, consumed.familyId, consumed.clientId);
    },

    /** Ends the session the refresh token belongs to, when it is the caller's. */
    async logout(userId: string, refreshToken: string) {
      const known = await deps.refreshTokens.find(sha256(refreshToken));
      if (known && known.userId === userId) await deps.refreshTokens.revokeFamily(known.familyId, deps.clock());
    },

    async register(
      input: { userName: string; password: string; workzone: string },
      ctx: RequestContext,
    ): Promise<void> {
      if (!(await deps.workZoneExists(input.workzone))) throw badRequest('WARN_RegisterWorkzoneUnknown');
      if (await deps.accounts.usernameTaken(input.userName)) throw badRequest('WARN_RegisterUserExists');
      const code = randomToken();
      const id = await deps.accounts.insertUnconfirmedUser({
        username: input.userName,
        passwordHash: await hashPassword(input.password),
        clientAccountnum: input.workzone,
        confirmCodeHash: sha256(code),
      });
      const link = `${ctx.baseUrl}/registerconfirm/${code}/${id}`;
      await deps.mailer.send({
        to: input.userName,
        subject: 'Confirme su registro en el portal',
        text: `Hola,\n\nHemos recibido su solicitud de registro. Para activar su cuenta abra este enlace:\n\n${link}\n\nSi no ha solicitado el registro, ignore este mensaje.\n`,
        html: `<p>Hola,</p><p>Hemos recibido su solicitud de registro. Para activar su cuenta abra este enlace:</p><p><a href="${link}">${link}</a></p><p>Si no ha solicitado el registro, ignore este mensaje.</p>`,
      });
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
