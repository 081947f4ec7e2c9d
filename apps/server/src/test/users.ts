import { randomBytes } from 'node:crypto';
import { ROLES, type RoleName } from '@portal/contract/constants';
import { userRoles, users } from '../db/schema/schema.ts';
import { HOUSE_ACCOUNT } from '../db/seed/foundation.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { signIn, type TestApp } from './test-app.ts';

/**
 * Users a test makes for itself (issue 24, decision 0089), instead of signing in the seed's `buyer` or `admin`:
 * a test's user has its own cart, refunds cart, lists, notifications and sessions, so no test sees what another
 * left behind and none depends on one before it. The client is still the seed's (its documents, prices and
 * addresses are the data the test reads); the identity is the test's.
 */
export type UserKind = keyof typeof KIND_ROLES;

/** The roles each kind of user is given, as the seed gives them to its users of that kind. */
const KIND_ROLES = {
  /** A customer who may buy (the seed's `buyer2`). */
  buyer: [ROLES.buy],
  /** A customer who may buy and search by plate (the seed's `buyer`). */
  plateBuyer: [ROLES.buy, ROLES.searchplate],
  /** A customer who may only look (no cart). */
  viewer: [],
  /** The client's administrator (the seed's `clientadmin`). */
  clientadmin: [ROLES.clientadmin, ROLES.buy],
  /** Staff administrator (the seed's `admin`), of the house account. */
  admin: [ROLES.admin],
  /** Staff who take orders for clients: administrator with the permission to buy (the seed's `comercial`). */
  staffBuyer: [ROLES.admin, ROLES.buy],
  /** Sales staff: may act as any client's user (role `comercial`, decision 0035). */
  sales: [ROLES.comercial],
} as const satisfies Record<string, readonly RoleName[]>;

export const TEST_USER_PASSWORD = 'Clave-de-prueba-24';
// argon2id costs ~50 ms and 19 MiB a hash: one per test process, shared by every user it makes.
let passwordHash: Promise<string> | undefined;

export type TestUser = { id: string; username: string; client: string; token: string; refreshToken: string };

/**
 * Makes a user of `client` (customers default to the seed's C00001, staff to the house account) with the roles
 * of `kind` (or `roles`), and signs it in. Its name is unique (`t-<kind>-<hex>`), so tests never share one.
 */
export async function makeUser(
  t: Pick<TestApp, 'app' | 'database'>,
  kind: UserKind,
  options: { client?: string; roles?: readonly RoleName[]; email?: string; ip?: string } = {},
): Promise<TestUser> {
  const staff = kind === 'admin' || kind === 'staffBuyer' || kind === 'sales';
  const client = options.client ?? (staff ? HOUSE_ACCOUNT : 'C00001');
  const username = `t-${kind.toLowerCase()}-${randomBytes(4).toString('hex')}`;
  passwordHash ??= hashPassword(TEST_USER_PASSWORD);
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: options.email ?? `${username}@test.example`,
      passwordHash: await passwordHash,
      clientAccountnum: client,
    })
    .returning({ id: users.id });
  const id = row!.id;
  const roles = options.roles ?? KIND_ROLES[kind];
  if (roles.length) await t.database.db.insert(userRoles).values(roles.map((roleName) => ({ userId: id, roleName })));
  const session = await signIn(t.app, username, TEST_USER_PASSWORD, options.ip);
  return { id, username, client, token: session.access_token, refreshToken: session.refresh_token };
}
