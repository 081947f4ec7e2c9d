/** Business constants shared by server and web (spec part 1 §9, part 2 §9). */

export const ROLES = {
  admin: 'admin',
  clientadmin: 'clientadmin',
  searchplate: 'searchplate',
  cartFinishedOnlyByDataDefault: 'CartFinishedOnlyByDataDefault',
  /** The permission the spec calls permitirCompras: the user may fill a cart and buy. */
  buy: 'permitirCompras',
  /** The sales staff: they may act as any client's user and buy for any client (migration 0020, decision 0035). */
  comercial: 'comercial',
} as const;
export type RoleName = (typeof ROLES)[keyof typeof ROLES];

export const RANK = { ordinary: 0, clientAdmin: 1, admin: 2 } as const;
export type Rank = (typeof RANK)[keyof typeof RANK];

/** Rank is derived from roles (spec part 1 §3). */
export function rankOf(roles: readonly string[]): Rank {
  if (roles.includes(ROLES.admin)) return RANK.admin;
  if (roles.includes(ROLES.clientadmin)) return RANK.clientAdmin;
  return RANK.ordinary;
}

export const WEB_CONTEXTS = [0, 1, 2] as const;
export type WebContext = (typeof WEB_CONTEXTS)[number];

/** Languages in the order the spec lists them: Portuguese is the fourth. */
export const LANGUAGES = [
  { key: 'es', title: 'Español' },
  { key: 'en', title: 'English' },
  { key: 'fr', title: 'Français' },
  { key: 'pt', title: 'Português' },
] as const;
export type LanguageKey = (typeof LANGUAGES)[number]['key'];
export const LANGUAGE_KEYS = LANGUAGES.map((l) => l.key) as [LanguageKey, ...LanguageKey[]];
export const DEFAULT_LANGUAGE: LanguageKey = 'es';

/** One of the portal's languages (a stored value, a header, the browser's choice). */
export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(value);
}

/** Default language of a web context: Portuguese for context 1, Spanish otherwise. */
export function defaultLanguageFor(context: number): LanguageKey {
  return context === 1 ? 'pt' : DEFAULT_LANGUAGE;
}

export const LIMITS = {
  catalogPageSize: 8,
  cartSearchPageSize: 8,
  relatedFetchSize: 900,
  referenceMinLength: 5,
  custRefMaxLength: 30,
  /** The checkout remark (web_obs). */
  remarkMaxLength: 500,
  alternativeAddressMaxLength: 80,
  productFilterMinLength: 2,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  userNameMaxLength: 256,
  gridPageSizes: [10, 20, 30],
  errorPopupMs: 6000,
  redirectAfterRegisterMs: 3000,
  redirectAfterConfirmMs: 3000,
  searchDebounceMs: 600,
  searchQuietAfterLoadMs: 1000,
  mobileBreakpointPx: 979,
} as const;

/** Letters (any alphabet), digits, whitespace and hyphen: the set for references and remarks. */
/** The largest value of a PostgreSQL `integer` (int4): ids, counters and versions the portal stores as one. */
export const INT4_MAX = 2_147_483_647;

export const ALLOWED_TEXT = /^[\p{L}\p{N}\s-]*$/u;

/** User log codes (spec part 2 §3). */
export const USER_LOG_CODE = {
  success: 0,
  error: 1,
  blockedUser: 2,
  blockedClient: 3,
  noCompany: 4,
} as const;
