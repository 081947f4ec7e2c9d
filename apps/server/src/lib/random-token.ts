import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 digest of a value, base64url: what is stored of a token that must not be read back. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
/** 256 random bits, base64url: a refresh token, a password link's token. */
export const randomToken = () => randomBytes(32).toString('base64url');
