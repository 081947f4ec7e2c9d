import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parts-portal';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');
export const newFamilyId = () => randomUUID();

export type AccessClaims = { sub: string; tv: number };

/** Signs and verifies short-lived access tokens (HS256). */
export function tokenSigner(secret: string, accessMinutes: number, clock: () => Date) {
  // Imported once into WebCrypto, which jose uses: given bytes or a KeyObject, it imports the key again on
  // every sign and verify (a sixth of a signed-in request's CPU).
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
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, tv: payload.tv };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof tokenSigner>;
