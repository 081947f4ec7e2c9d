import { defaultLanguageFor, type LanguageKey } from '@portal/contract/constants';
import { storedLanguage } from '@/lib/i18n';
import { changeLanguage } from '@/lib/language';
import { queryClient } from '@/lib/query-client';
import { type WebContextInfo, webContextQueryOptions } from '@/lib/web-context';

/** Old links such as `/#/sales/41AB1` open `/sales/41AB1`. */
export function redirectLegacyHash(): void {
  const { hash } = window.location;
  if (hash.startsWith('#/')) window.history.replaceState(window.history.state, '', hash.slice(1) || '/');
}

/**
 * Before the first render: the web context (brand, default language) and the dictionary of the
 * language in use (stored choice, else Portuguese in context 1, else Spanish).
 */
export async function bootstrap(): Promise<void> {
  const stored = storedLanguage();
  const contextPromise = queryClient.fetchQuery(webContextQueryOptions()).catch((): WebContextInfo => {
    const fallback: WebContextInfo = { webcontext: 0 };
    queryClient.setQueryData(webContextQueryOptions().queryKey, fallback);
    return fallback;
  });
  let lang: LanguageKey;
  if (stored) {
    lang = stored;
  } else {
    lang = defaultLanguageFor((await contextPromise).webcontext);
  }
  await Promise.all([contextPromise, changeLanguage(lang, false).catch(() => undefined)]);
}
