import { USER_LOG_CODE } from '@portal/contract/constants';

/**
 * What the auth plugin needs to know of a caller, below the account module that signs people in: the row it loads
 * per request, the rule that says whether that row may hold a session, and the verifier of tokens (app.ts passes
 * account's token signer and repository in; decision 0061).
 */

/** What a signed-in request knows about its caller (kept between requests until a change is announced: 0014). */
export type PrincipalRow = {
  id: string;
  username: string;
  clientId: string | null;
  clientName: string | null;
  clientBlocked: boolean;
  clientStore: string | null;
  banned: boolean;
  emailConfirmed: boolean;
  tokenVersion: number;
  imageId: number | null;
  /** The language of the user's profile (users.language) when the user chose it (users.language_chosen), else null. */
  profileLanguage: string | null;
  roles: string[];
  /** The user's refresh-token families revoked lately: their access tokens are refused (0002). */
  revokedFamilies: string[];
};

/** The Spanish texts of the refusals of a session (error_description of POST /token). */
export const SESSION_REFUSAL_TEXTS = {
  bannedUser: 'El usuario está bloqueado. Póngase en contacto con su administrador.',
  blockedClient: 'El cliente está bloqueado. Póngase en contacto con su comercial.',
  noCompany: 'El usuario no tiene una empresa asignada. Póngase en contacto con su administrador.',
  unconfirmed: 'La cuenta aún no está confirmada. Abra el enlace del correo que le enviamos.',
} as const;

/** Why a principal may not hold a session, as user-log code and message; null when it may. */
export function sessionRefusal(p: Pick<PrincipalRow, 'banned' | 'clientId' | 'clientBlocked' | 'emailConfirmed'>) {
  if (p.banned) return { code: USER_LOG_CODE.blockedUser, text: SESSION_REFUSAL_TEXTS.bannedUser };
  if (!p.clientId) return { code: USER_LOG_CODE.noCompany, text: SESSION_REFUSAL_TEXTS.noCompany };
  if (p.clientBlocked) return { code: USER_LOG_CODE.blockedClient, text: SESSION_REFUSAL_TEXTS.blockedClient };
  if (!p.emailConfirmed) return { code: USER_LOG_CODE.error, text: SESSION_REFUSAL_TEXTS.unconfirmed };
  return null;
}

/**
 * `fam`: the refresh-token family (the session) the token was issued in; revoking it ends the token (0002).
 * `act`: while a staff member acts as the user, the staff member's user id (decision 0035).
 */
export type AccessClaims = { sub: string; tv: number; fam: string; act?: string };

/** `sub`: the integration client's id; `ver`: its secret's version (a rotation or revocation ends its tokens). */
export type MachineClaims = { sub: string; ver: number; scope: string[] };

/** What the auth plugin asks of a token (modules/account/token.service.ts signs and verifies them). */
export type TokenVerifier = {
  /** The claims of a valid person's token, or null for a forged, malformed or expired one. */
  verify(token: string): Promise<AccessClaims | null>;
  /** The claims of a valid machine token, or null (a person's token, forged, malformed or expired). */
  verifyMachine(token: string): MachineClaims | null;
};
