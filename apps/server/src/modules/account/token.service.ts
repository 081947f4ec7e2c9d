import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { hs256Verifier } from '../../lib/hs256.ts';

const ISSUER = 'parts-portal';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');
export const newFamilyId = () => randomUUID();

export type AccessClaims = { sub: string; tv: number };

/** Signs and verifies short-lived access tokens (HS256). */
export function tokenSigner(secret: string, accessMinutes: number, clock: () => Date) {
  // Signing (sign-in, refresh) goes through jose, with the key imported once into WebCrypto: given bytes it
  // imports the key again on every call. Verifying, on every signed-in request, is synchronous (lib/hs256.ts).
  const verifyHs256 = hs256Verifier(secret, ISSUER);
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    expiresInSeconds: accessMinutes * 60,

    async sign(userId: string, tokenVersion: number): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + accessMinutes * 60)
        .setJti(randomUUID())
        .sign(await key);
    },

    /** The claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<AccessClaims | null> {
      const payload = verifyHs256(token, clock());
      if (!payload || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      return { sub: payload.sub, tv: payload.tv };
    },
  };
}
export type TokenSigner = ReturnType<typeof tokenSigner>;
