import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';

/**
 * What to tell the person of a refused step of the external sign-in (decisions 0036, 0056): the server's refusal as
 * a password sign-in shows it (a banned user, a blocked client), or its key (another browser started the sign-in,
 * the identity is linked already), else that the sign-in expired or was used.
 */
export function externalRefusalText(error: unknown): string {
  if (!isApiError(error)) return translateMessage('WARN_ExternalExpired');
  const said = error.body?.error_description ?? (error.status === 403 ? error.body?.message : undefined);
  return translateMessage(said || 'WARN_ExternalExpired');
}

/** A refusal is a sentence or two, not a headline: the warning's title at reading size. */
export const REFUSAL_STYLES = { title: { fontSize: 18, lineHeight: 1.4 } };
