import { randomBytes } from 'node:crypto';

/** A new client's public id and secret (32 random bytes), and the digest kept of the secret (decision 0057). */
export function newClientSecrets(sha256: (value: string) => string) {
  const secret = `ics_${randomBytes(32).toString('base64url')}`;
  return { clientId: `ic_${randomBytes(9).toString('base64url')}`, secret, secretHash: sha256(secret) };
}
