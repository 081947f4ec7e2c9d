import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSettings } from './schema/schema.ts';

/**
 * The key that signs access tokens: TOKEN_SECRET when set, else one generated once and kept in the
 * database, so that every instance on the same database accepts the others' tokens.
 */
export async function tokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'token_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'token_secret'));
  return rows[0]!.value;
}

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return rows[0]?.value ?? null;
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
