import { z } from 'zod';
import { LANGUAGE_KEYS, LIMITS, RANK, ROLES, rankOf } from './constants.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';
import { passwordProblem } from './passwords.ts';

/**
 * Sign-in around the edges (issue 14): password links, external sign-in, acting as a customer, and the logs.
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

/** The user log's page sizes (part 2 §9). */
export const USER_LOG_PAGE_SIZES = [10, 100, 1000, 10000] as const;

/** GET /api/inuser/GetUserLogsJqGrid (admins): the sign-in log (part 2 §3), fecha desc. */
export const USER_LOG_GRID = {
  columns: {
    username: { type: 'text', sortable: true, filterable: true },
    client_id: { type: 'text', sortable: true, filterable: true },
    message_Cod: { type: 'number', sortable: true, filterable: true },
    fecha: { type: 'datetime', sortable: true, filterable: true },
    ipaddress: { type: 'text', sortable: true, filterable: true },
    machinename: { type: 'text', sortable: true, filterable: true },
    useragent: { type: 'text', sortable: false, filterable: true },
    data: { type: 'text', sortable: false, filterable: true },
  },
  defaultSort: { sidx: 'fecha', sord: 'desc' },
  pageSizes: USER_LOG_PAGE_SIZES,
} as const satisfies GridDefinition;

/** The user log's query: the jqGrid protocol with its own page sizes. */
export const userLogGridQuery = gridQuery.extend({
  rows: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce
      .number()
      .int()
      .refine((v) => (USER_LOG_PAGE_SIZES as readonly number[]).includes(v), 'rows: 10, 100, 1000 or 10000')
      .default(10),
  ),
});

/** message_Cod: 0 successful, 1 error, 2 blocked user, 3 blocked client, 4 no company (dictionary UI_UserLogCode_n). */
export const USER_LOG_CODES = [0, 1, 2, 3, 4] as const;

export const userLogRow = z.object({
  id: z.number().int(),
  username: z.string(),
  client_id: z.string().nullable(),
  message_Cod: z.number().int(),
  fecha: z.string(),
  ipaddress: z.string().nullable(),
  machinename: z.string().nullable(),
  useragent: z.string().nullable(),
  data: z.string().nullable(),
});
export type UserLogRow = z.infer<typeof userLogRow>;
export const userLogGridResponse = gridResponse(userLogRow);

/** The Excel export of a log grid: the filtered rows, at most this many. */
export const LOG_EXPORT_MAX_ROWS = 100_000;

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

/** GET …Excel of a log grid: the grid's sort and filters (no page), and the language of the titles. */
export const logExportQuery = gridQuery
  .pick({
    sidx: true,
    sord: true,
    _search: true,
    filters: true,
    searchField: true,
    searchString: true,
    searchOper: true,
  })
  .extend({ lang: z.enum(LANGUAGE_KEYS).default('es') });
export type LogExportQuery = z.input<typeof logExportQuery>;

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
