import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { makeUser } from '../test/users.ts';

/** The app keeps callers between requests and forgets them when the database announces a change (0014). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Renames a user with the announcing trigger off: a change the app is not told of. */
async function renameUnannounced(from: string, to: string) {
  await t.database.db.execute(sql`alter table users disable trigger users_principal_changed`);
  await t.database.db.execute(sql`update users set username = ${to} where username = ${from}`);
  await t.database.db.execute(sql`alter table users enable trigger users_principal_changed`);
}

const whoami = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/getUser', headers: bearer(token) })).json().username;

describe('the callers the app keeps', () => {
  it('are served until a change is announced, and reloaded once it is', async () => {
    const { token, username } = await makeUser(t, 'buyer', { client: 'C00002' });
    await t.app.principalChanges.settled();
    expect(await whoami(token)).toBe(username);
    // A change that is not announced (the trigger off) is not seen: the caller was kept.
    await renameUnannounced(username, `${username}-renamed`);
    expect(await whoami(token)).toBe(username);
    // Announced by any later change of that user: the next request loads it again.
    await t.database.db.execute(sql`update users set email = email where username = ${`${username}-renamed`}`);
    await t.app.principalChanges.settled();
    expect(await whoami(token)).toBe(`${username}-renamed`);
    // Or by a notification for everybody.
    await renameUnannounced(`${username}-renamed`, `${username}-again`);
    expect(await whoami(token)).toBe(`${username}-renamed`);
    await t.database.db.execute(sql`select pg_notify('principal_changed', '*')`);
    await t.app.principalChanges.settled();
    expect(await whoami(token)).toBe(`${username}-again`);
  });
});
