/**
 * Users and the clients they belong to, administered (issue 14; spec part 2 §2 Settings, §3 Client, Client users,
 * User, Address list, Role entry, §4, §5, §7 Clients under /api/inclient and Users under /api/inuser): the clients'
 * and users' grids and details, roles, store assignments and the own profile. Rules live here once; the server and
 * the web read them. The calls are declared in users-calls.ts and clients-calls.ts.
 */
import { z } from 'zod';
import { LANGUAGE_KEYS, LIMITS, ROLES } from './constants.ts';
import type { GridDefinition } from './grids.ts';
import { passwordProblem } from './passwords.ts';

/** The all-zero identifier of a user that is not saved yet (spec part 2 §9). */
export const NEW_USER_ID = '00000000-0000-0000-0000-000000000000';

/** A user is new when the id is missing, `new`, `0` or all zeros (spec part 2 §5). */
export function isNewUserId(id: string | null | undefined): boolean {
  if (id === null || id === undefined) return true;
  const v = id.trim().toLowerCase();
  return v === '' || v === 'new' || /^[0-]+$/.test(v);
}

/** A user is admin when the roles list holds a checked entry named admin (spec part 2 §5). */
export function holdsAdmin(roles: readonly { nombre: string; sw_checked: boolean }[]): boolean {
  return roles.some((r) => r.nombre === ROLES.admin && r.sw_checked);
}

/** The roles only an admin grants: a client admin never grants them (issue 14). */
export const ADMIN_ONLY_ROLES: readonly string[] = [ROLES.admin, ROLES.clientadmin, ROLES.comercial];

/** The keys the rules answer with; the web shows the same ones. */
export const USERS_MESSAGES = {
  userNameRequired: 'WARN_UserNameRequired',
  userNameTooLong: 'WARN_UserNameTooLong',
  userNameChars: 'WARN_UserNameChars',
  userNameTaken: 'WARN_RegisterUserExists',
  emailInvalid: 'WARN_EmailInvalid',
  clientRequired: 'WARN_ClientRequired',
  clientUnknown: 'WARN_ClientUnknown',
  addressNotOfClient: 'WARN_AddressNotOfClient',
  imageUnknown: 'WARN_ImageUnknown',
  roleUnknown: 'WARN_RoleUnknown',
  storeUnknown: 'WARN_StoreUnknown',
  storeRepeated: 'WARN_StoreRepeated',
  currentPasswordWrong: 'WARN_CurrentPasswordWrong',
  currentPasswordRequired: 'WARN_CurrentPasswordRequired',
  userHasHistory: 'WARN_UserHasHistory',
  cannotDeleteSelf: 'WARN_CannotDeleteSelf',
  clientHasHistory: 'WARN_ClientHasHistory',
  clientExists: 'WARN_ClientExists',
  clientNameRequired: 'WARN_ClientNameRequired',
  accountnumInvalid: 'WARN_AccountnumInvalid',
  clientChangeRequested: 'MSG_ClientChangeRequested',
  saveOk: 'WARN_SaveOK',
  deleteOk: 'WARN_DeleteOK',
  forceLogoutOk: 'WARN_ForceLogOut_Ok',
} as const;

export const USERS_LIMITS = { emailMax: 254, clientNameMax: 120, accountnumMax: 20, storesMax: 20 } as const;

/** Letters, digits and . _ @ + - : the characters of a user name (no spaces, nothing that looks like markup). */
const USER_NAME = /^[\p{L}\p{N}._@+-]+$/u;

export const userName = z
  .string()
  .trim()
  .min(1, USERS_MESSAGES.userNameRequired)
  .max(LIMITS.userNameMaxLength, USERS_MESSAGES.userNameTooLong)
  .regex(USER_NAME, USERS_MESSAGES.userNameChars);

export const email = z
  .string()
  .trim()
  .max(USERS_LIMITS.emailMax, USERS_MESSAGES.emailInvalid)
  .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, USERS_MESSAGES.emailInvalid);

export const accountnum = z
  .string()
  .trim()
  .min(1, USERS_MESSAGES.accountnumInvalid)
  .max(USERS_LIMITS.accountnumMax, USERS_MESSAGES.accountnumInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, USERS_MESSAGES.accountnumInvalid);

/** A user id in a path: a uuid, or any of the spellings of "new" (answered as a new user). */
export const userDetailParams = z.object({ id: z.string().trim().min(1).max(40) });
export const clientParams = z.object({ id: accountnum });
export const accountnumParams = z.object({ accountnum });

// ---------------------------------------------------------------------------------------------------------------
// Grids

/** POST /api/inuser/GetUsersJqGrid and GET GetUsersByClientJqGrid/{id}: username, client_id (eq only), id. */
export const USERS_GRID = {
  columns: {
    username: { type: 'text', sortable: true, filterable: true },
    client_id: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'username', sord: 'asc' },
} as const satisfies GridDefinition;

/** The only operator the users grid accepts on client_id (spec part 2 §2: equality only). */
export const USERS_GRID_CLIENT_OPS = ['eq'] as const;

export const userGridRow = z.object({
  id: z.string(),
  username: z.string(),
  client_id: z.string().nullable(),
  email: z.string().nullable(),
  lockoutenabled: z.boolean(),
  rank: z.number().int(),
});
export type UserGridRow = z.infer<typeof userGridRow>;

/** GET /api/inclient/GetClientesJqGrid. */
export const CLIENTS_GRID = {
  columns: {
    ACCOUNTNUM: { type: 'text', sortable: true, filterable: true },
    NAME: { type: 'text', sortable: true, filterable: true },
    ALMACEN: { type: 'text', sortable: true, filterable: true },
    BOQPEDIDO: { type: 'bool', sortable: true, filterable: true },
    BLOQTODO: { type: 'bool', sortable: true, filterable: true },
    NOMCOMERCIAL: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'ACCOUNTNUM', sord: 'asc' },
} as const satisfies GridDefinition;

export const clientGridRow = z.object({
  ACCOUNTNUM: z.string(),
  NAME: z.string(),
  ALMACEN: z.string().nullable(),
  BOQPEDIDO: z.boolean(),
  BLOQTODO: z.boolean(),
  NOMCOMERCIAL: z.string().nullable(),
});
export type ClientGridRow = z.infer<typeof clientGridRow>;

// ---------------------------------------------------------------------------------------------------------------
// Users

/** A user as the detail screen edits it (spec part 2 §3 User). `id` is all zeros for a new one. */
export const userDetail = z.object({
  id: z.string(),
  id_user: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  cliente_id: z.string().nullable(),
  clientName: z.string().nullable(),
  image_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
  lockoutenabled: z.boolean(),
  tokencreated: z.string().nullable(),
  addressdefault_recid: z.number().int().nullable(),
  language: z.enum(LANGUAGE_KEYS),
  /**
   * Whether the user chose `language` (migration 0053): until then the column holds the default and the screens keep
   * their own language; the profile shows the screen's and saves a language only once the user picks one.
   */
  language_chosen: z.boolean(),
  rank: z.number().int(),
  hasPassword: z.boolean(),
  /** Whether the caller may act as this user (`mayActAs`, decision 0035): the user's screen offers "Actuar como". */
  mayActAs: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetail>;
export const userDetailResponse = z.object({ data: userDetail });

export const newUserQuery = z.object({ c_id: z.preprocess((v) => (v === '' ? undefined : v), accountnum.optional()) });

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.number().int().positive().nullable(),
);

/** POST putuseradmin/{id}: an admin's or client admin's save of a user (new when the id is all zeros). */
export const putUserAdminRequest = z.object({
  username: userName,
  email: z.preprocess((v) => (v === '' ? null : v), email.nullable()).default(null),
  cliente_id: z.preprocess((v) => (v === '' ? undefined : v), accountnum.optional()),
  image_id: optionalId.default(null),
  addressdefault_recid: optionalId.default(null),
  language: z.enum(LANGUAGE_KEYS).default('es'),
});
export type PutUserAdminRequest = z.input<typeof putUserAdminRequest>;

/** POST putuser/{id}: the caller's own profile (picture, default address, language; password change). */
export const putUserRequest = z
  .object({
    image_id: optionalId.default(null),
    addressdefault_recid: optionalId.default(null),
    /** Left out: the profile's language is kept as it is, chosen or not (a save that only changes a password). */
    language: z.enum(LANGUAGE_KEYS).optional(),
    currentPassword: z.string().max(LIMITS.passwordMaxLength).optional(),
    newPassword: z
      .string()
      .max(LIMITS.passwordMaxLength)
      .optional()
      .superRefine((value, ctx) => {
        if (!value) return;
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: USERS_MESSAGES.currentPasswordRequired });
    }
  });
export type PutUserRequest = z.input<typeof putUserRequest>;

export const savedUserResponse = z.object({ data: z.object({ id: z.string() }), message: z.string() });

/** Role entry (spec part 2 §3): the name, its text in the asked language, and whether the user holds it. */
export const roleEntry = z.object({
  nombre: z.string(),
  descripcion: z.string(),
  sw_checked: z.boolean(),
  /** The caller may change it (a client admin never grants admin, client admin or comercial). */
  editable: z.boolean(),
});
export type RoleEntry = z.infer<typeof roleEntry>;
export const roleList = z.array(roleEntry);
export const rolesQuery = z.object({ lang: z.enum(LANGUAGE_KEYS).default('es') });
export const putRolesRequest = z.object({
  roles: z.array(z.object({ nombre: z.string().min(1).max(64), sw_checked: z.boolean() })).max(50),
});
export type PutRolesRequest = z.infer<typeof putRolesRequest>;
export const myRoles = z.object({ roles: z.array(z.string()), rank: z.number().int() });

/** Store assignments (spec part 2 §3): every store, and whether and where the user works with it. */
export const userStore = z.object({
  INVENTLOCATIONID: z.string(),
  NAME: z.string(),
  selected: z.boolean(),
  /** 0 the default store (the home store of the user's cart lines); null when not assigned. */
  position: z.number().int().nullable(),
});
export type UserStore = z.infer<typeof userStore>;
export const userStores = z.array(userStore);
/** PutInventLocationsUser/{id}: the assigned stores in order; the first is the default. */
export const putUserStoresRequest = z.object({
  stores: z
    .array(z.string().trim().min(1).max(20))
    .max(USERS_LIMITS.storesMax)
    .refine((s) => new Set(s).size === s.length, USERS_MESSAGES.storeRepeated),
});
export type PutUserStoresRequest = z.infer<typeof putUserStoresRequest>;

/**
 * GET /api/incheckout/getaddrlistbyuser: a user's client's addresses with the user's default selected; for a new
 * user (an all-zero id_user) the addresses of id_cliente with none selected (the SelectYourAddress placeholder).
 * (getAddrListByCliente is the checkout's call, for buyers: decision 0031.)
 */
export const userAddrListQuery = z.object({
  id_user: z.string().trim().min(1).max(40),
  id_cliente: z.preprocess((v) => (v === '' ? undefined : v), accountnum.optional()),
  includeName: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
});

// ---------------------------------------------------------------------------------------------------------------
// Clients

/** The client as the detail screen shows it (spec part 2 §3 Client). */
export const clientDetail = z.object({
  accountnum: z.string(),
  isnew: z.boolean(),
  name: z.string(),
  nomcomercial: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  almacen: z.string().nullable(),
  es_plate: z.boolean(),
  fr_plate: z.boolean(),
  it_plate: z.boolean(),
  pt_plate: z.boolean(),
  boqpedido: z.boolean(),
  bloqtodo: z.boolean(),
  addresses: z.array(z.object({ id: z.number().int(), label: z.string(), isdefault: z.boolean() })),
  users: z.number().int(),
  /** Change requests of ERP-mirrored data not processed yet. */
  pendingRequests: z.number().int(),
});
export type ClientDetail = z.infer<typeof clientDetail>;

const nullableText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max).nullable()).default(null);

/**
 * PUT putcliente/{accountnum}: the portal's own settings (plate flags, blocks, home store) are saved; the data
 * mirrored from the ERP (name, trade name, e-mail, phone) is never overwritten: a change is e-mailed to the store
 * as a request and the answer carries email 1 (decision 0032).
 */
export const putClientRequest = z.object({
  name: z.string().trim().min(1, USERS_MESSAGES.clientNameRequired).max(USERS_LIMITS.clientNameMax),
  nomcomercial: nullableText(USERS_LIMITS.clientNameMax),
  email: z.preprocess((v) => (v === '' ? null : v), email.nullable()).default(null),
  phone: nullableText(30),
  almacen: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(20).nullable()).default(null),
  es_plate: z.boolean().default(false),
  fr_plate: z.boolean().default(false),
  it_plate: z.boolean().default(false),
  pt_plate: z.boolean().default(false),
  boqpedido: z.boolean().default(false),
  bloqtodo: z.boolean().default(false),
});
export type PutClientRequest = z.input<typeof putClientRequest>;
export const putClientResponse = z.object({
  accountnum: z.string(),
  /** 1: a change of ERP data was requested by e-mail (shown as MSG_ClientChangeRequested). */
  email: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
});

/** POST forcelogouts/{id}: 0 every session of the client's users; 1 their unspent invoice download links. */
export const CLIENT_LOGOUT_TYPES = { account: 0, invoices: 1 } as const;
export const forceLogoutsQuery = z.object({ type: z.coerce.number().int().min(0).max(1).default(0) });
export const forceLogoutsResponse = z.object({ message: z.string(), affected: z.number().int() });
/** The type may come in the body instead of the query (the body wins). */
export const forceLogoutsBody = z.object({ type: z.coerce.number().int().min(0).max(1).optional() }).nullish();
