import { z } from 'zod';
import { ALLOWED_TEXT, LANGUAGE_KEYS, LIMITS } from './constants.ts';
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
  /** The language of the user's profile: the web switches to it when the user signs in. */
  language: z.enum(LANGUAGE_KEYS),
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
