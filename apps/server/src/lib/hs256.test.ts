import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hs256Verifier } from './hs256.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const ISSUER = 'parts-portal';
const now = new Date('2026-11-23T12:00:00Z');
const at = Math.floor(now.getTime() / 1000);
const verify = hs256Verifier(SECRET, ISSUER);

function signed(claims: Record<string, unknown>, options: { alg?: string; secret?: string } = {}) {
  const { iss = ISSUER, exp = at + 60, ...rest } = claims;
  const jwt = new SignJWT(rest).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' });
  if (iss !== undefined) jwt.setIssuer(iss as string);
  if (exp !== undefined) jwt.setExpirationTime(exp as number);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
}

describe('hs256Verifier', () => {
  it('accepts what jose signs and answers its claims', async () => {
    const token = await signed({ sub: 'u-1', tv: 3 });
    expect(verify(token, now)).toMatchObject({ sub: 'u-1', tv: 3, iss: ISSUER, exp: at + 60 });
  });

  it('refuses another secret, another algorithm, an unsigned token and critical extensions', async () => {
    expect(verify(await signed({ sub: 'u' }, { secret: `${SECRET}-other` }), now)).toBeNull();
    expect(verify(await signed({ sub: 'u' }, { alg: 'HS512' }), now)).toBeNull();
    const unsecured = new UnsecuredJWT({ sub: 'u' })
      .setIssuer(ISSUER)
      .setExpirationTime(at + 60)
      .encode();
    expect(verify(unsecured, now)).toBeNull();
    expect(verify(`${unsecured}x`, now)).toBeNull();
    // Signed by hand: a header naming a critical extension this verifier does not know.
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${b64({ alg: 'HS256', crit: ['x-ext'], 'x-ext': 1 })}.${b64({ sub: 'u', iss: ISSUER, exp: at + 60 })}`;
    const crit = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    expect(verify(crit, now)).toBeNull();
    const plain = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u', iss: ISSUER, exp: at + 60 })}`;
    expect(verify(`${plain}.${createHmac('sha256', SECRET).update(plain).digest('base64url')}`, now)).toMatchObject({
      sub: 'u',
    });
  });

  it('refuses an expired token, one not yet valid, one without expiry and another issuer', async () => {
    expect(verify(await signed({ sub: 'u', exp: at }), now)).toBeNull();
    expect(verify(await signed({ sub: 'u', exp: at + 1 }), now)).not.toBeNull();
    expect(verify(await signed({ sub: 'u', nbf: at + 5 }), now)).toBeNull();
    expect(verify(await signed({ sub: 'u', nbf: at }), now)).not.toBeNull();
    expect(verify(await signed({ sub: 'u', iss: 'someone-else' }), now)).toBeNull();
    const noExp = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .sign(new TextEncoder().encode(SECRET));
    expect(verify(noExp, now)).toBeNull();
  });

  it('refuses every change to a signed token', async () => {
    const token = await signed({ sub: 'user-42', tv: 7 });
    await fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(...'ABCabc019-_.=+/ '), (i, c) => {
        fc.pre(token[i] !== c);
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        // Even a change in the unused bits of base64url's last character, which decodes to the same bytes, is
        // refused: only the exact encoding is accepted.
        expect(verify(changed, now)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('answers null, never throws, for malformed input', () => {
    for (const bad of ['', '.', '..', 'a.b.c', 'a.b', 'a.b.c.d', '!!.??.##', 'eyJ.eyJ.x']) {
      expect(verify(bad, now)).toBeNull();
    }
  });
});
