import { ROLES } from '@portal/contract/constants';
import { email as emailSchema, userName as userNameSchema } from '@portal/contract/users';
import type { Db } from '../../db/client.ts';
import { createPasswordLink } from '../../db/password-links.ts';
import { roles, userRoles, users } from '../../db/schema/schema.ts';
import { HOUSE_ACCOUNT, ROLE_SEEDS } from '../../db/seed/foundation.ts';
import { usersAdminRepository } from './users-admin.repository.ts';

/** Why an administrator was not created, in a sentence for the operator who asked. */
export class AdminRefused extends Error {}

export type NewAdmin = { username: string; email: string; baseUrl: string; now: Date };

/**
 * `npm run create-admin` (decision 0054): an administrator (role admin) of the house account, with no usable
 * password, and the one-time link to choose it (decision 0034). A production database starts empty: the roles the
 * portal names and the house account are made when missing. All of it or nothing, in one transaction.
 */
export async function createFirstAdmin(db: Db, input: NewAdmin): Promise<{ userId: string; link: string }> {
  const username = userNameSchema.safeParse(input.username);
  if (!username.success)
    throw new AdminRefused('--username: 1 to 256 letters, digits and . _ @ + - (no spaces) is required');
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminRefused(`--email: "${input.email}" is not an e-mail address`);
  return db.transaction(async (tx) => {
    const repository = usersAdminRepository(tx);
    const taken = await repository.holderOfUsername(username.data);
    if (taken !== null) throw new AdminRefused(`--username: a user "${taken}" already exists`);
    await tx.insert(roles).values(ROLE_SEEDS).onConflictDoNothing();
    await repository.ensureHouseAccount(HOUSE_ACCOUNT, 'Portal');
    const [user] = await tx
      .insert(users)
      .values({ username: username.data, email: email.data, passwordHash: '', clientAccountnum: HOUSE_ACCOUNT })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user!.id, roleName: ROLES.admin });
    const link = await createPasswordLink(tx, {
      userId: user!.id,
      purpose: 'welcome',
      baseUrl: input.baseUrl,
      now: input.now,
    });
    return { userId: user!.id, link };
  });
}
