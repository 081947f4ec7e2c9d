import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export type JwtPayload = Record<string, unknown>;

/**
 * Verifies compact HS256 JSON Web Tokens (RFC 7515/7519) synchronously with node:crypto. Tokens are still
 * signed with jose; this checks them on every signed-in request, where jose's WebCrypto verify cost a twentieth
 * of the request's CPU (docs/decisions/0009). It accepts only what our signer writes: the header's `alg` must be
 * HS256 and it may name no critical extension; the signature must be the exact base64url HMAC; `iss` must be
 * the expected issuer, `exp` must lie ahead, `nbf` (if any) behind. Anything else is null, never an exception.
 */
export function hs256Verifier(secret: string, issuer: string) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const part = /^[A-Za-z0-9_-]+$/;
  const json = (segment: string): JwtPayload | null => {
    try {
      const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JwtPayload) : null;
    } catch {
      return null;
    }
  };
  return (token: string, now: Date): JwtPayload | null => {
    const segments = token.split('.');
    if (segments.length !== 3 || !segments.every((s) => part.test(s))) return null;
    const [head, body, signature] = segments as [string, string, string];
    const expected = Buffer.from(createHmac('sha256', key).update(`${head}.${body}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const header = json(head);
    if (header?.alg !== 'HS256' || 'crit' in header) return null;
    const payload = json(body);
    if (!payload || payload.iss !== issuer) return null;
    const seconds = Math.floor(now.getTime() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= seconds) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > seconds)) return null;
    return payload;
  };
}
