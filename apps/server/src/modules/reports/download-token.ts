import { createHash, randomUUID } from 'node:crypto';
import type { LanguageKey, WebContext } from '@portal/contract/constants';
import type { DocumentExtension } from '@portal/contract/documents';
import type { DocumentType } from '@portal/contract/sales';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** What a download URL grants: one download of one document, in one format and language, to one user, for a minute. */
export type DownloadGrant = {
  /** The document-log row written when the document was asked for: the link spends it (single use). */
  logId: number;
  userId: string;
  /** The user's token version when the URL was made: a ban or force-logout voids the URL too. */
  tokenVersion: number;
  type: DocumentType;
  format: DocumentExtension;
  documentId: string;
  lang: LanguageKey;
  context: WebContext;
};

const AUDIENCE = 'document-download';

/**
 * Signs the download URLs that printreport and CheckReport answer. The browser opens them as plain links
 * (no bearer header), so the URL carries a short-lived signed grant; its key is derived from the token
 * secret for this one purpose, so a grant is never an access token nor the other way round. The grant names the
 * log row of the request, which the first download spends (docs/decisions/0016).
 */
export function downloadTokens(secret: string, clock: () => Date, ttlSeconds = 60) {
  const key = createHash('sha256').update(`${secret}\u0000${AUDIENCE}`).digest();
  return {
    ttlSeconds,
    sign(grant: DownloadGrant): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({
        g: grant.logId,
        tv: grant.tokenVersion,
        t: grant.type,
        f: grant.format,
        d: grant.documentId,
        l: grant.lang,
        c: grant.context,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setSubject(grant.userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    /** The grant of a valid URL token, or null (forged, altered, expired). */
    async verify(token: string): Promise<DownloadGrant | null> {
      try {
        const { payload: p } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (typeof p.sub !== 'string' || typeof p.tv !== 'number' || typeof p.d !== 'string') return null;
        if (typeof p.g !== 'number' || !Number.isSafeInteger(p.g)) return null;
        if (![1, 2, 3].includes(p.t as number) || ![0, 1].includes(p.f as number)) return null;
        if (!['es', 'en', 'fr', 'pt'].includes(p.l as string) || ![0, 1, 2].includes(p.c as number)) return null;
        return {
          logId: p.g,
          userId: p.sub,
          tokenVersion: p.tv,
          type: p.t as DocumentType,
          format: p.f as DocumentExtension,
          documentId: p.d,
          lang: p.l as LanguageKey,
          context: p.c as WebContext,
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type DownloadTokens = ReturnType<typeof downloadTokens>;
