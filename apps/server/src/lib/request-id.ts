import { randomUUID } from 'node:crypto';

/** An id of the caller's `X-Request-Id` when it is a plain token (letters, digits, `-_.:`, 1 to 128), else a UUID. */
export function requestId(raw: { headers: Record<string, string | string[] | undefined> }): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}
