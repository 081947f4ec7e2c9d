import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { hs256Verifier } from '../../lib/hs256.ts';
import type { AccessClaims, MachineClaims } from '../../plugins/principal.ts';

const ISSUER = 'parts-portal';

// The digest and random token that password links (db/password-links.ts) share with the sessions.
export { randomToken, sha256 } from '../../lib/random-token.ts';
export const newFamilyId = () => randomUUID();

/** The audience of a machine client's token: the integration API only (decision 0057). */
export const INTEGRATION_AUDIENCE = 'integration';
/** Signs and verifies short-lived access tokens (HS256), and keys digests of the portal's own values. */
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
  // A key of its own for `mac`, so that no digest of it can pass for a token's signature.
  const macKey = createHmac('sha256', secret).update('parts-portal mac key').digest();
  return {
    expiresInSeconds: accessMinutes * 60,

    /**
     * An access token of the family. Given `same` (the time and id of one already issued), the same token
     * again, byte for byte: the answer to a refresh repeated within its grace period.
     */
    async sign(
      userId: string,
      tokenVersion: number,
      familyId: string,
      same?: { issuedAt: Date; jti: string },
      acting?: { actorId: string; until: Date },
    ): Promise<string> {
      const now = Math.floor((same?.issuedAt ?? clock()).getTime() / 1000);
      const exp = acting ? Math.floor(acting.until.getTime() / 1000) : now + accessMinutes * 60;
      return new SignJWT({ tv: tokenVersion, fam: familyId, ...(acting ? { act: acting.actorId } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .setJti(same?.jti ?? randomUUID())
        .sign(await key);
    },

    /** The claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<AccessClaims | null> {
      const payload = verifyHs256(token, clock());
      if (
        !payload ||
        payload.aud !== undefined ||
        typeof payload.sub !== 'string' ||
        typeof payload.tv !== 'number' ||
        typeof payload.fam !== 'string'
      ) {
        return null;
      }
      const act = typeof payload.act === 'string' ? { act: payload.act } : {};
      return { sub: payload.sub, tv: payload.tv, fam: payload.fam, ...act };
    },

    /** A machine client's access token (OAuth 2 client credentials): its id, secret version and scopes. */
    async signMachine(clientId: string, version: number, scopes: readonly string[]): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ ver: version, scope: scopes.join(' ') })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(INTEGRATION_AUDIENCE)
        .setSubject(clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + accessMinutes * 60)
        .setJti(randomUUID())
        .sign(await key);
    },

    /** The claims of a valid machine token, or null (a person's token, forged, malformed or expired). */
    verifyMachine(token: string): MachineClaims | null {
      const payload = verifyHs256(token, clock());
      if (
        !payload ||
        payload.aud !== INTEGRATION_AUDIENCE ||
        typeof payload.sub !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.scope !== 'string'
      ) {
        return null;
      }
      return { sub: payload.sub, ver: payload.ver, scope: payload.scope.split(' ').filter(Boolean) };
    },

    /** A keyed digest (HMAC-SHA-256, base64url) of a value for one purpose: nobody without the key can make one. */
    mac(purpose: string, value: string): string {
      return createHmac('sha256', macKey).update(`${purpose}\n${value}`).digest('base64url');
    },
  };
}
export type TokenSigner = ReturnType<typeof tokenSigner>;
