import { DEFAULT_LANGUAGE, isLanguageKey, type LanguageKey } from '@portal/contract/constants';

/**
 * The language a request reads (decision 0091): the first of the portal's languages its `Accept-Language` header
 * names, by preference (`q`), else Spanish. The web sends the language it shows on every call (lib/api-client.ts),
 * so the names that come from the ERP follow the screen's words.
 */
export function requestLanguage(header: string | string[] | undefined): LanguageKey {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0 && isLanguageKey(t.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as LanguageKey | undefined) ?? DEFAULT_LANGUAGE;
}
