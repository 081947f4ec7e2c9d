import { z } from 'zod';
import { ALLOWED_TEXT, LANGUAGE_KEYS, LIMITS, RANK, ROLES, rankOf } from './constants.ts';
import { passwordProblem } from './passwords.ts';

/** POST /token, grant_type=password (form encoded). */
export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1, 'WARN_LoginUserRequired').max(LIMITS.userNameMaxLength),
  password: z.string().min(1, 'WARN_LoginPasswordRequired').max(LIMITS.passwordMaxLength),
  client_id: z.string().max(64).optional(),
});
/** POST /token, grant_type=refresh_token (form encoded). */
export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(200),
  client_id: z.string().max(64).optional(),
});
/**
 * POST /token, grant_type=client_credentials (RFC 6749 §4.4): a machine client of the integration API (decision
 * 0057). Its id and secret come in the Basic authorization header (client_secret_basic) or in the form.
 */
export const clientCredentialsGrant = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(64).optional(),
  client_secret: z.string().min(1).max(200).optional(),
  /** Space-separated scopes; all the client holds when absent. */
  scope: z.string().max(200).optional(),
});
export const tokenRequest = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant, clientCredentialsGrant]);
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  userName: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** A machine client's access token (RFC 6749 §5.1): no refresh token; it asks again when this one expires. */
export const machineTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type MachineTokenResponse = z.infer<typeof machineTokenResponse>;

export const logoutRequest = z.object({ refresh_token: z.string().min(1).max(200) });

/** POST /api/account/register. The user name is the e-mail address the confirmation goes to. */
export const registerRequest = z
  .object({
    userName: z.email('WARN_RegisterUserNameEmail').max(LIMITS.userNameMaxLength),
    password: z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    confirmPassword: z.string(),
    terms: z.literal(true, 'WARN_RegisterTermsRequired'),
    workzone: z.string().trim().min(1, 'WARN_RegisterWorkzoneRequired').max(20).regex(ALLOWED_TEXT),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'WARN_PasswordsDoNotMatch',
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerConfirmRequest = z.object({
  t: z.string().min(16).max(200),
  u: z.string().min(1).max(64),
});

export const okMessage = z.object({ message: z.string() });

export const workZoneOption = z.object({ accountnum: z.string(), name: z.string() });
export const workZoneOptions = z.array(workZoneOption);
export type WorkZoneOption = z.infer<typeof workZoneOption>;

/** GET /api/account/getUser. `rank` is a string holding the rank digit and, when allowed, permitirCompras. */
export const loggedUser = z.object({
  username: z.string(),
  image_id: z.number().int().nullable(),
  rank: z.string(),
  rankNumber: z.number().int(),
  ubication: z.number().int(),
  roles: z.array(z.string()),
  permitirCompras: z.boolean(),
  cliente_id: z.string().nullable(),
  clientName: z.string().nullable(),
  /**
   * The language of the user's profile when the user chose it (saved in the profile, or given by an admin): the web
   * switches to it when the user signs in. Null when nobody chose one: the screen keeps the language it has.
   */
  language: z.enum(LANGUAGE_KEYS).nullable(),
});
export type LoggedUser = z.infer<typeof loggedUser>;

/** GET /api/inclient/getprofile/: the caller's client. */
export const clientProfile = z.object({
  accountnum: z.string(),
  name: z.string(),
  nomcomercial: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  almacen: z.string().nullable(),
  almacenName: z.string().nullable(),
  es_plate: z.boolean(),
  fr_plate: z.boolean(),
  it_plate: z.boolean(),
  pt_plate: z.boolean(),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      street: z.string(),
      city: z.string(),
      zipcode: z.string(),
      countryregionid: z.string(),
      isdefault: z.boolean(),
    }),
  ),
});
export type ClientProfile = z.infer<typeof clientProfile>;

/** GET /api/inuser/getprofile/: the caller's own user. */
export const userProfile = z.object({
  id: z.string(),
  username: z.string(),
  cliente_id: z.string().nullable(),
  image_id: z.number().int().nullable(),
  lockoutenabled: z.boolean(),
  tokencreated: z.string().nullable(),
  addressdefault_recid: z.number().int().nullable(),
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * POST /api/inuser/CheckAuthTokenOrigin?username=: 0 the caller, 2 not allowed, 3 allowed as admin, 4 allowed as
 * the client admin of that user's client; 1 unknown user, told to admins only (docs/decisions/0005).
 */
export const checkAuthTokenOriginQuery = z.object({ username: z.string().trim().min(1).max(LIMITS.userNameMaxLength) });
export const checkAuthTokenOriginResult = z.object({
  result: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  username: z.string().nullable(),
});

/** POST /api/inuser/blockuser/{id}: ban or lift the ban; answers the new state (shown as WARN_UserBanned_{result}). */
export const userIdParams = z.object({ id: z.uuid('WARN_NotFound') });
export const blockUserRequest = z.object({ blocked: z.boolean() });
export const blockUserResult = z.object({ result: z.boolean() });

/**
 * Sign-in around the edges (issue 14): password links, external sign-in and acting as a customer (the logs are
 * logs.ts's).
 * Decisions 0034 (password links), 0035 (acting as a customer), 0036 (external sign-in).
 */

/** What a password link is for: a new user sets a first password, or a user who forgot it sets a new one. */
export const PASSWORD_LINK_PURPOSES = ['welcome', 'reset'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** How long a link works: a welcome link waits for the new user a few days, a reset link half an hour. */
export const PASSWORD_LINK_MINUTES: Record<PasswordLinkPurpose, number> = { welcome: 72 * 60, reset: 30 };

/** At most this many reset links are sent for one user within PASSWORD_RESET_WINDOW_MINUTES (the answer is the same). */
export const PASSWORD_RESET_MAX_LINKS = 3;
export const PASSWORD_RESET_WINDOW_MINUTES = 60;

/** POST /api/account/forgotpassword: the user name (or e-mail) to send a link to. */
export const forgotPasswordRequest = z.object({
  userName: z.string().trim().min(1, 'WARN_LoginUserRequired').max(LIMITS.userNameMaxLength),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** The token of a link, as it travels in the URL (/set-password/:token). */
export const passwordLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'WARN_PasswordLinkInvalid');

/** POST /api/account/checkpasswordlink: is the link still good, and for whom. */
export const checkPasswordLinkRequest = z.object({ token: passwordLinkToken });
export const passwordLinkInfo = z.object({ purpose: z.enum(PASSWORD_LINK_PURPOSES), userName: z.string() });
export type PasswordLinkInfo = z.infer<typeof passwordLinkInfo>;

/** POST /api/account/setpassword: the new password, twice, with the link's token. */
export const setPasswordRequest = z
  .object({
    token: passwordLinkToken,
    password: z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    confirmPassword: z.string().max(LIMITS.passwordMaxLength),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'WARN_PasswordsDoNotMatch',
    path: ['confirmPassword'],
  });
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;
/** How long a staff member may act as a customer's user (decision 0035). */
export const ACTING_MAX_MINUTES = 30;

/** POST /api/account/actas: start acting as the named user (CheckAuthTokenOrigin answered 3 or 4). */
export const actAsRequest = z.object({ username: z.string().trim().min(1).max(LIMITS.userNameMaxLength) });

/** Staff who act as any client's user: admins and comerciales (decision 0035). */
export function isActingStaff(roles: readonly string[]): boolean {
  return rankOf(roles) >= RANK.admin || roles.includes(ROLES.comercial);
}

/** Whether somebody may act as anybody at all: staff, or a client admin (as the ordinary users of their client). */
export function mayAct(roles: readonly string[]): boolean {
  return isActingStaff(roles) || rankOf(roles) === RANK.clientAdmin;
}

/** One side of "who may act as whom": the person's id, roles and client. */
export type ActingParty = { id: string; roles: readonly string[]; clientId: string | null };

/**
 * Who may act as whom (decision 0035), the one rule the act-as call, its search and the user's screen apply:
 * staff as any user who is not staff; a client admin as an ordinary (rank 0) user of their own client; nobody as
 * themselves.
 */
export function mayActAs(actor: ActingParty, target: ActingParty): boolean {
  if (actor.id === target.id || isActingStaff(target.roles)) return false;
  if (isActingStaff(actor.roles)) return true;
  return (
    rankOf(actor.roles) === RANK.clientAdmin &&
    actor.clientId !== null &&
    target.clientId === actor.clientId &&
    rankOf(target.roles) === RANK.ordinary
  );
}

/** The type-ahead of "Actuar como" (issue 25): from this many characters, at most this many users. */
export const ACTING_SEARCH = { minLength: 2, maxLength: 60, maxResults: 20 } as const;

/** GET /api/account/actascandidates?q=: the users the caller may act as, by user name, e-mail, client or its name. */
export const actingCandidatesQuery = z.object({
  q: z.string().trim().min(ACTING_SEARCH.minLength).max(ACTING_SEARCH.maxLength),
});
export const actingCandidate = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  client_id: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type ActingCandidate = z.infer<typeof actingCandidate>;
export const actingCandidates = z.object({ users: z.array(actingCandidate) });

/** Who acts, in the answer of getUser while acting. */
export const actingInfo = z.object({ actorUserName: z.string(), until: z.string() });
export type ActingInfo = z.infer<typeof actingInfo>;
/* ---- External sign-in (OpenID Connect; decision 0036) ---- */

/** How long an authorization request waits for the provider's answer, and a ticket for the browser to spend. */
export const EXTERNAL_REQUEST_MINUTES = 10;
export const EXTERNAL_SIGNIN_TICKET_MINUTES = 2;
export const EXTERNAL_LINK_TICKET_MINUTES = 10;

/**
 * The refusal of a callback, link page or ticket in a browser other than the one that started the sign-in (its
 * cookie is missing or another's; decision 0056).
 */
export const EXTERNAL_OTHER_BROWSER = 'WARN_ExternalOtherBrowser';

/** What the provider's answer led to, told to /login as `?external=<reason>` (its message key below). */
export const EXTERNAL_FAILURES = ['failed', 'expired', 'refused', 'browser'] as const;
export type ExternalFailure = (typeof EXTERNAL_FAILURES)[number];
export const EXTERNAL_FAILURE_MESSAGES: Record<ExternalFailure, string> = {
  failed: 'WARN_ExternalFailed',
  expired: 'WARN_ExternalExpired',
  refused: 'WARN_ExternalRefused',
  browser: EXTERNAL_OTHER_BROWSER,
};

/** GET /api/account/external/provider: whether external sign-in is on, and the provider's name for the button. */
export const externalProvider = z.object({ enabled: z.boolean(), name: z.string() });
export type ExternalProvider = z.infer<typeof externalProvider>;

/** A ticket as it travels in the URL fragment: 43 characters of base64url. */
export const externalTicket = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'WARN_ExternalExpired');

/** GET /api/account/ObtainLocalAccessToken: the portal's own tokens for a sign-in ticket (spec part 1 §7). */
export const obtainLocalAccessTokenQuery = z.object({
  provider: z.literal('oidc'),
  externalAccessToken: externalTicket,
});

/** GET /api/account/external/link: who the provider says the person is, for the link page. */
export const externalLinkQuery = z.object({ ticket: externalTicket });
export const externalLinkInfo = z.object({ provider: z.string(), display: z.string() });
export type ExternalLinkInfo = z.infer<typeof externalLinkInfo>;

/** POST /api/account/registerexternal: link the identity of a link ticket to the portal account proven here. */
export const registerExternalRequest = z.object({
  ticket: externalTicket,
  userName: z.string().trim().min(1, 'WARN_LoginUserRequired').max(LIMITS.userNameMaxLength),
  password: z.string().min(1, 'WARN_LoginPasswordRequired').max(200),
});
export type RegisterExternalRequest = z.infer<typeof registerExternalRequest>;
